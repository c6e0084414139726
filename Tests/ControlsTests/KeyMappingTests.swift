import Testing
@testable import Controls

@Suite struct KeyMappingTests {
    @Test func arrowsAndWASDTilt() {
        let k = KeyMapping.tiltKeys(left: true, right: false, up: false, down: true, a: false, w: true, dHeld: nil, sHeld: nil)
        #expect(k == TiltControl.Keys(left: true, right: false, up: true, down: true))
        #expect(KeyMapping.tiltKeys(left: false, right: false, up: false, down: false, a: true, w: false, dHeld: nil, sHeld: nil).left)
    }

    /// D is also "debug drawing" and S is also Ctrl+S: a tap must not tilt.
    @Test func dAndSTiltOnlyWhenHeld() {
        func keys(d: UInt64?, s: UInt64?) -> TiltControl.Keys {
            KeyMapping.tiltKeys(left: false, right: false, up: false, down: false, a: false, w: false, dHeld: d, sHeld: s)
        }
        #expect(keys(d: 50, s: 50) == TiltControl.Keys())
        #expect(keys(d: KeyMapping.holdToTilt, s: nil) == TiltControl.Keys(right: true))
        #expect(keys(d: nil, s: 1000) == TiltControl.Keys(down: true))
        // S pressed with Ctrl (a save) is reported as not held at all.
        #expect(keys(d: nil, s: nil) == TiltControl.Keys())
    }
}
