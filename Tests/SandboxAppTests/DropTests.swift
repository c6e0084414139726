import CSDL2
import Testing
@testable import SandboxApp

/// A file dropped on the window (SDL's drop event) becomes a command to open it,
/// in Play and in Build, and SDL's copy of the path is freed.
@Suite struct DropTests {
    func dropEvent(_ path: String) -> SDL_Event {
        var event = SDL_Event()
        event.type = SDL_DROPFILE.rawValue
        event.drop.file = SDL_strdup(path)
        return event
    }

    @Test func aDroppedFileIsOpened() throws {
        let commands = Input.dropped(dropEvent("/tmp/scenes/tower.json"))
        guard case .openFile(let path)? = commands.first, commands.count == 1 else {
            Issue.record("\(commands)")
            return
        }
        #expect(path == "/tmp/scenes/tower.json")
        var event = SDL_Event()
        event.type = SDL_DROPFILE.rawValue
        #expect(Input.dropped(event).isEmpty, "a drop without a file is nothing")
    }
}
