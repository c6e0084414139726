import Testing
@testable import Animation

@Suite struct TimingFunctionTests {
    /// Values of the same cubic Beziers as CSS's `ease-in`, `ease-out`,
    /// `ease-in-out` and `ease` (Core Animation's named functions), computed
    /// independently with exact rational arithmetic (80 bisection steps in
    /// Python's fractions); CSS references give ease(0.5) = 0.8024033876.
    static let published: [(TimingFunction, [(Double, Double)])] = [
        (.easeIn, [(0.25, 0.093464650719), (0.5, 0.315356812573), (0.75, 0.621861869175)]),
        (.easeOut, [(0.25, 0.378138130825), (0.5, 0.684643187427), (0.75, 0.906535349281)]),
        (.easeInEaseOut, [(0.25, 0.129161931047), (0.5, 0.5), (0.75, 0.870838068953)]),
        (.default, [(0.25, 0.408510591355), (0.5, 0.802403387585), (0.75, 0.960458978349)]),
    ]

    @Test func namedFunctionsHaveCoreAnimationsControlPoints() {
        #expect([TimingFunction.easeIn.x1, TimingFunction.easeIn.y1, TimingFunction.easeIn.x2, TimingFunction.easeIn.y2] == [0.42, 0, 1, 1])
        #expect([TimingFunction.easeOut.x1, TimingFunction.easeOut.x2] == [0, 0.58])
        #expect([TimingFunction.easeInEaseOut.x1, TimingFunction.easeInEaseOut.x2] == [0.42, 0.58])
        #expect([TimingFunction.default.x1, TimingFunction.default.y1, TimingFunction.default.x2, TimingFunction.default.y2] == [0.25, 0.1, 0.25, 1])
        #expect(TimingFunction.named("easeOut") == .easeOut && TimingFunction.named("bogus") == nil)
    }

    @Test func matchesPublishedValues() {
        for (f, points) in Self.published {
            for (t, y) in points {
                #expect(abs(f(t) - y) < 1e-9, "\(f) at \(t): \(f(t)) vs \(y)")
            }
        }
        #expect(TimingFunction.linear(0.3) == 0.3)
    }

    @Test(arguments: TimingFunction.named + [TimingFunction(controlPoints: 1, 0, 0.75, 1)!, TimingFunction(controlPoints: 0.3, -0.8, 0.7, 1.9)!])
    func endpointsExactAndSolvedEverywhere(f: TimingFunction) {
        #expect(f(0) == 0 && f(1) == 1)
        #expect(f(-0.5) == 0 && f(7) == 1)
        // x(s) = t is solved to 1e-7 or better for every t in [0, 1].
        for k in 0...10_000 {
            let t = Double(k) / 10_000
            let s = f.parameter(forTime: t)
            #expect(abs(f.x(at: s) - t) <= 1e-7)
        }
    }

    @Test func monotonicWhereTheCurveIs() {
        for f in TimingFunction.named {
            var previous = 0.0
            for k in 1...1000 {
                let y = f(Double(k) / 1000)
                #expect(y >= previous - 1e-12)
                previous = y
            }
        }
    }

    @Test func overshootCurvesLeaveZeroToOne() {
        // A "back" curve: dips below 0, then overshoots past 1.
        let back = TimingFunction(controlPoints: 0.36, -0.6, 0.6, 1.6)!
        let values = (0...100).map { back(Double($0) / 100) }
        #expect(values.min()! < -0.05 && values.max()! > 1.05)
        #expect(back(0) == 0 && back(1) == 1)
    }

    @Test func controlPointsOutsideTimeAreRefused() {
        #expect(TimingFunction(controlPoints: -0.1, 0, 1, 1) == nil)
        #expect(TimingFunction(controlPoints: 0, 0, 1.2, 1) == nil)
        #expect(TimingFunction(controlPoints: 0, .nan, 1, 1) == nil)
        #expect(TimingFunction(controlPoints: 0, 5, 1, -4) != nil)
    }

    @Test func theSeedsClosedForms() {
        #expect(Easing.quadraticEaseInOut(0) == 0 && Easing.quadraticEaseInOut(1) == 1)
        #expect(Easing.quadraticEaseInOut(0.5) == 0.5 && Easing.quadraticEaseInOut(0.25) == 0.125)
        // Bounce: the arcs meet the floor (1) at its break points, and the bounces shrink.
        #expect(Easing.bounceEaseOut(0) == 0 && abs(Easing.bounceEaseOut(1) - 1) < 1e-12)
        #expect(abs(Easing.bounceEaseOut(4.0 / 11) - 1) < 1e-12)
        #expect(abs(Easing.bounceEaseOut(8.0 / 11) - 1) < 1e-12)
        #expect(abs(Easing.bounceEaseOut(0.9) - 1) < 1e-12)
        // Between them, each bounce is lower than the last (the dips from 1 shrink).
        let dips = [6.0 / 11, 9.0 / 11, 0.95].map { 1 - Easing.bounceEaseOut($0) }
        #expect(dips[0] > dips[1] && dips[1] > dips[2] && dips[2] > 0)
        #expect(abs(dips[0] - 0.3) < 1e-12)  // the second arc bottoms out at 0.7
    }
}
