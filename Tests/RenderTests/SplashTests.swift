import Animation
import CSDL2
import Render
import Testing

/// The scene's reveal: the seed's animation track (sizes at the key times and
/// the eased sizes between them), scaled so that its last key covers any
/// window, and the mask as the offscreen renderer draws it.
@Suite struct SplashTests {
    @Test func theTrackHasTheSeedsKeysAndCurves() {
        let track = Splash.track(width: 1280, height: 720, scale: 1)
        #expect(track.duration == 1 && track.keyTimes == [0, 0.3, 1])
        #expect(track.value(at: 0) == Point2(100, 80))
        #expect(track.value(at: 0.3) == Point2(80, 64))
        #expect(track.value(at: 1) == Point2(2000, 2000))
        // Between the keys, the timing functions: easeInEaseOut, then easeOut.
        for t in [0.05, 0.15, 0.25] {
            let eased = TimingFunction.easeInEaseOut(t / 0.3)
            let v = track.value(at: t)
            #expect(abs(v.x - (100 + (80 - 100) * eased)) < 1e-9 && abs(v.y - (80 + (64 - 80) * eased)) < 1e-9, "\(t)")
        }
        for t in [0.4, 0.65, 0.9] {
            let eased = TimingFunction.easeOut((t - 0.3) / 0.7)
            #expect(abs(track.value(at: t).x - (80 + (2000 - 80) * eased)) < 1e-9, "\(t)")
        }
        // easeOut is fast at first: half way through the second segment it is well past half way.
        #expect(track.value(at: 0.65).x > 1100)
    }

    @Test func theLastKeyCoversAnyWindowAtAnyDensity() {
        for (w, h, scale) in [(1280, 720, 1.0), (3840, 2160, 2.0), (5000, 400, 1.0), (640, 480, 3.0)] {
            let track = Splash.track(width: w, height: h, scale: scale)
            let last = track.value(at: 1), first = track.value(at: 0)
            // The rounded square's corners (radius 0.18 of its side) must still cover the window's corners.
            let r = 0.18 * last.x, inset = r * (1 - 1 / 2.0.squareRoot())
            #expect(last.x - 2 * inset >= Double(max(w, h)), "\(w)x\(h)@\(scale): \(last)")
            // All keys grow alike: the first keeps the seed's 5:4, at least the seed's size in points.
            #expect(abs(first.x / first.y - 1.25) < 1e-12 && first.x >= 100 * scale)
        }
    }

    /// The picture's uncovered pixels (the scene shows through) along the middle row and column.
    func holeSize(at time: Double) throws -> (w: Int, h: Int) {
        let track = Splash.track(width: 400, height: 300, scale: 1)
        let picture = try drawnCanvas(400, 300) { renderer in
            Splash.draw(track.value(at: time), width: 400, height: 300, renderer: renderer)
        }
        // The canvas is grey (100, 100, 100) where the mask leaves it.
        let open = { (x: Int, y: Int) in picture.at(Double(x), Double(y)).r == 100 }
        return ((0..<400).filter { open($0, 150) }.count, (0..<300).filter { open(200, $0) }.count)
    }

    @Test func theMaskLeavesAHoleOfTheTracksSizeAndIsGoneAtTheEnd() throws {
        let track = Splash.track(width: 400, height: 300, scale: 1)
        for t in [0.0, 0.15, 0.3, 0.5] {
            let size = track.value(at: t), hole = try holeSize(at: t)
            #expect(abs(Double(hole.w) - min(size.x, 400)) <= 1.5 && abs(Double(hole.h) - min(size.y, 300)) <= 1.5, "t \(t): \(hole) for \(size)")
        }
        let end = try holeSize(at: 1)
        #expect(end == (400, 300))
        // The corners are rounded: a hole's corner pixel is covered, its middle edge is not.
        let size = track.value(at: 0.3)
        let picture = try drawnCanvas(400, 300) { renderer in Splash.draw(size, width: 400, height: 300, renderer: renderer) }
        let hole = Splash.hole(size, width: 400, height: 300)
        #expect(picture.at(Double(hole.x) + 1, Double(hole.y) + 1).r != 100)
        #expect(picture.at(Double(hole.x) + Double(hole.w) / 2, Double(hole.y) + 1).r == 100)
    }
}
