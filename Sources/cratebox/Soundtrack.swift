import CrateboxGeometry
import FileOutput
import SceneFormat
import Simulation
import Sound

/// The sound of a rendered run, made by the window's synthesis from what
/// the world heard at each step: a step is 400 frames at 48 kHz, and a
/// sound heard after the run's step s (counted from where it began: a
/// journal may begin at a keyframe) starts at frame 400 s. Placed as the picture
/// frames the box. The same journal gives the same bytes.
struct Soundtrack {
    static let sampleRate = 48_000
    static let framesPerStep = sampleRate / 120

    private var synth = Synth(sampleRate: Soundtrack.sampleRate)
    private let view: ListenerView
    private let file: AtomicFile
    private let frames: Int
    /// The world's step count where the run began.
    private let startStep: Int
    /// How many sounds were heard.
    private(set) var heardCount = 0

    /// A track of `frames` frames into `path` (under a temporary name until
    /// `finish`) of a run that begins at step `startStep`.
    init(path: String, frames: Int, scene: Scene, startStep: Int) throws(FileError) {
        self.startStep = startStep
        view = ListenerView(minX: scene.origin.x, minY: scene.origin.y, maxX: scene.origin.x + scene.width, maxY: scene.origin.y + scene.height)
        self.frames = frames
        file = try AtomicFile(path: path)
        try file.writeAll(Wave.header(frames: frames, sampleRate: Soundtrack.sampleRate))
    }

    /// What `world` heard in the step it just took (its `stepCount`); the track is written up to that step.
    mutating func heard(_ world: World) throws(FileError) {
        let start = (world.stepCount - startStep) * Soundtrack.framesPerStep
        for h in world.takeHeard() {
            synth.schedule(h.sound.placed(atX: h.position.x, y: h.position.y, in: view), at: start)
            heardCount += 1
        }
        try write(upTo: start)
    }

    /// The rest of the track, then the file renamed into place.
    mutating func finish() throws(FileError) {
        try write(upTo: frames)
        try file.close()
        try file.commit()
    }

    private mutating func write(upTo end: Int) throws(FileError) {
        let count = min(end, frames) - synth.frame
        guard count > 0 else { return }
        try file.writeAll(Wave.bytes(of: synth.render(frames: count)))
    }
}
