import Animation
import CrateboxGeometry
import Render
import WindowModel

/// The parts of the window's state, each one thing, that `App` holds.
extension App {
    /// Where the camera looks: its eased motion, whether it follows the
    /// scene's `view.follow` body (until the user zooms or pans; F and R
    /// follow again) and where it looked last, and the layout the last frame
    /// was drawn with.
    struct Looking {
        var motion: CameraMotion
        /// Whether the view has been fitted to the world as first drawn (a
        /// script's bodies too: Plink's pentagons), once a mode is entered.
        var fittedToWorld = false
        var following = true
        var followCentre: (point: Vector, at: Double)?
        var drawnLayout: ScreenLayout?
    }

    /// What is drawn over the world and never reaches it: the tracers' trails
    /// (T, and bodies with `trace`), explosion rings, the scene's reveal, the
    /// live graphs (F3), debug drawing (F2).
    struct Decorations {
        var trails = Trails()
        /// Explosions set off here: where, how far, when (`Monotonic.now`).
        var blasts: [(point: Vector, radius: Double, at: Double)] = []
        /// The scene's reveal while it runs: when it began (at the first frame drawn, nil before).
        var splash: (began: Double?, track: AnimationTrack<Point2>)?
        var graphs: LiveGraphs?
        var debug = false
    }
}
