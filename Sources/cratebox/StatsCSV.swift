import JSONText
import Simulation

/// `simulate --stats`: a CSV row per step of what the live graphs (F3) show.
/// Physics ms is CPU time, and the only figure that differs between runs.
struct StatsCSV {
    static let header = "step,physics_ms,kinetic_energy,awake,sleeping,contacts"
    let enabled: Bool
    private(set) var rows: [String] = []

    init(enabled: Bool) { self.enabled = enabled }

    mutating func add(_ world: World, cpu: Double) {
        guard enabled else { return }
        let s = world.stats
        rows.append("\(world.stepCount),\(NumberText.fixed(cpu * 1e3, 4)),\(NumberText.shortest(s.kineticEnergy)),\(s.awake),\(s.sleeping),\(s.contacts)")
    }

    var text: String { ([StatsCSV.header] + rows).joined(separator: "\n") + "\n" }
}
