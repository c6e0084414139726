import Testing
@testable import SandboxApp

/// The HUD's band keeps its height while the figures change (issue 46: the box zoomed in and out).
@Suite struct BandHeightTests {
    @Test func theBandNeverShrinksWhileTheWidthAndModeStay() {
        var band = BandHeight()
        #expect(band.lines(2, width: 1280, building: false) == 2)
        #expect(band.lines(3, width: 1280, building: false) == 3, "a figure one digit longer wraps a line: the band grows")
        #expect(band.lines(2, width: 1280, building: false) == 3, "and stays when it unwraps")
        #expect(band.lines(2, width: 1000, building: false) == 2, "a resize starts again")
        #expect(band.lines(2, width: 1000, building: true) == 2 && band.lines(4, width: 1000, building: true) == 4)
        #expect(band.lines(3, width: 1000, building: false) == 3, "another mode starts again")
        #expect(band.lines(0, width: 1000, building: false) == 0, "hidden: no band")
    }
}
