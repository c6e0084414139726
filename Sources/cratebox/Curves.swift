import Animation
import ArgumentParser
import Render

struct Curves: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Plot the timing functions (every named one, the seed's closed forms, and any given) into a PNG."
    )

    @Option(help: "The PNG to write.")
    var output: String

    @Option(name: .customLong("function"), parsing: .singleValue,
            help: ArgumentHelp("Also plot a cubic Bezier given by its control points (repeatable).", valueName: "x1,y1,x2,y2"))
    var functions: [ControlPoints] = []

    @Option(help: "WxH: the picture's size in pixels.")
    var size = PictureSize(width: 1200, height: 700)

    func validate() throws { try size.check() }

    struct ControlPoints: ExpressibleByArgument {
        var function: TimingFunction
        init?(argument: String) {
            guard argument.allSatisfy({ "0123456789+-.eE, ".contains($0) }) else { return nil }
            let numbers = argument.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: " ")) }
            guard numbers.count == 4, let f = TimingFunction(controlPoints: numbers[0], numbers[1], numbers[2], numbers[3]) else { return nil }
            function = f
        }
    }

    func run() throws {
        let curves = CurvesPicture.standardCurves(extra: functions.map(\.function))
        do {
            try CurvesPicture.render(curves, width: size.width, height: size.height, to: output)
        } catch {
            throw Failure.cannotCreate(error)
        }
        say("\(output): \(curves.count) curves, \(size.width)x\(size.height)")
    }
}
