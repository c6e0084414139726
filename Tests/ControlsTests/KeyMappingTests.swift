import Testing
@testable import Controls

@Suite struct KeyMappingTests {
    @Test func arrowsAndWASDTilt() {
        let k = KeyMapping.tiltKeys(left: true, right: false, up: false, down: true, a: false, d: false, w: true, sWithoutCtrl: false)
        #expect(k == TiltControl.Keys(left: true, right: false, up: true, down: true))
        #expect(KeyMapping.tiltKeys(left: false, right: false, up: false, down: false, a: true, d: false, w: false, sWithoutCtrl: false).left)
    }

    /// Issue 22: a press of D a little longer than a tap (300 ms) tilted
    /// instead of toggling debug drawing. D now tilts from the first frame it
    /// is down, whatever its length (debug drawing is F2); S tilts unless it
    /// came with Ctrl (a save).
    @Test func dAndSTiltFromTheStart() {
        func keys(d: Bool, s: Bool) -> TiltControl.Keys {
            KeyMapping.tiltKeys(left: false, right: false, up: false, down: false, a: false, d: d, w: false, sWithoutCtrl: s)
        }
        #expect(keys(d: true, s: false) == TiltControl.Keys(right: true))
        #expect(keys(d: false, s: true) == TiltControl.Keys(down: true))
        #expect(keys(d: false, s: false) == TiltControl.Keys())
    }
}
