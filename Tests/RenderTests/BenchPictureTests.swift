import CSDL2
import Testing
@testable import Render

/// docs/bench.png's drawing: the budget line where 1/120 s is, and each series in its colour.
@Suite struct BenchPictureTests {
    @Test func theBudgetLineAndTheSeriesAreWhereTheirValuesSay() throws {
        let blue = SDL_Color(r: 30, g: 80, b: 160, a: 255)
        let series = [BenchPicture.Series(title: "World", points: [(1000, 2), (2000, 5), (3000, 9)], color: blue)]
        let width = 600, height = 400
        let pixels = try BenchPicture.pixels(series, budgetMs: 8.333, width: width, height: height)
        let plot = BenchPicture.plot(series, budgetMs: 8.333, width: width, height: height)
        func color(_ x: Int, _ y: Int) -> (Int, Int, Int) {
            let i = (y * width + x) * 4
            return (Int(pixels[i]), Int(pixels[i + 1]), Int(pixels[i + 2]))
        }
        func isBudget(_ c: (Int, Int, Int)) -> Bool { c.0 > 150 && c.1 < 110 && c.2 < 110 }
        func isBlue(_ c: (Int, Int, Int)) -> Bool { c.2 > 120 && c.0 < 80 }
        // The budget line crosses the whole plot at 8.333 ms, and nowhere far from it.
        let budgetY = Int(plot.y(8.333).rounded())
        let x = Int(plot.x(500))
        #expect((budgetY - 1...budgetY + 1).contains { isBudget(color(x, $0)) })
        #expect(!isBudget(color(x, budgetY + 20)) && !isBudget(color(x, budgetY - 20)))
        // The series passes through its points: a dot at (2000 crates, 5 ms).
        let px = Int(plot.x(2000).rounded()), py = Int(plot.y(5).rounded())
        #expect(isBlue(color(px, py)))
        #expect(!isBlue(color(px, Int(plot.y(7).rounded()))))
    }
}
