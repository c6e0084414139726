import Render
import Simulation

/// F3: the last 10 s of physics ms per step, kinetic energy, bodies awake and
/// asleep, and contacts, a sample per frame, drawn in the bottom-right corner.
struct LiveGraphs {
    static let span = 10.0
    private var samples: [(time: Double, stepCost: Double, stats: WorldStats)] = []

    mutating func add(time: Double, stepCost: Double, stats: WorldStats) {
        samples.append((time, stepCost, stats))
        let cut = samples.firstIndex { $0.time >= time - LiveGraphs.span } ?? 0
        if cut > 0 { samples.removeFirst(cut) }
    }

    /// The series, oldest first, as the picture shows them.
    var series: [Graphs.Series] {
        [
            Graphs.Series(label: "physics ms/step", values: samples.map { $0.stepCost * 1e3 }, digits: 2),
            Graphs.Series(label: "kinetic energy", values: samples.map(\.stats.kineticEnergy), digits: 0),
            Graphs.Series(label: "awake bodies", values: samples.map { Double($0.stats.awake) }, digits: 0,
                          second: samples.map { Double($0.stats.sleeping) }, secondLabel: "asleep"),
            Graphs.Series(label: "contacts", values: samples.map { Double($0.stats.contacts) }, digits: 0),
        ]
    }

    func draw(in window: AppWindow) {
        let (w, h) = window.outputSize
        Graphs.draw(series, width: w, height: h, scale: window.pixelScale, text: window.text, renderer: window.renderer)
    }
}
