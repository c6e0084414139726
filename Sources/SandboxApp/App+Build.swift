import CSDL2
import WindowModel
import Editing
import FileOutput
import CrateboxGeometry
import Render
import CrateboxReplay
import SceneFormat
import Simulation

/// Build mode in the window: a frame of it, and the switches between Build and Play.
extension App {
    /// Build mode's picture: the document, the tools, the HUD.
    func drawBuild(_ builder: Builder, now: Double) {
        for text in builder.said { hud.show(text) }
        builder.said = []
        let layout = freshLayout
        looking.drawnLayout = layout
        builder.draw(in: window, camera: camera(in: layout), room: layout.world)
        if screenshotRequested {
            screenshotRequested = false
            hud.show(captures.screenshot(window, step: 0))
        }
        hud.draw(buildLines: hud.buildLines(builder.hudLines(), lost: lostBefore + captures.lost), in: window, layout: layout)
        drawSplash(now: now)
        SDL_RenderPresent(window.renderer)
    }

    /// What build mode's mouse needs of the picture now.
    var buildPointer: Builder.Pointer {
        let scale = window.pixelScale, camera = self.camera, (pw, _) = window.outputSize
        let buttons = Builder.toolbarButtons(in: window)
        let properties = mode.builder?.document.properties.count ?? 0
        let rows = BuildOverlays.propertyRows(count: properties + 1, width: pw, bottom: buttons.first?.y, scale: scale, text: window.text)
        let hasRows = properties > 0
        func inside(_ r: SDL_Rect, _ x: Int32, _ y: Int32) -> Bool {
            let px = Int32(Double(x) * scale), py = Int32(Double(y) * scale)
            return px >= r.x && px < r.x + r.w && py >= r.y && py < r.y + r.h
        }
        return Builder.Pointer(
            toWorld: { x, y in camera.toWorld(x: Double(x) * scale, y: Double(y) * scale) },
            slack: 4 * scale / camera.scale,
            pointsPerPixel: scale / camera.scale,
            toolbarButton: { x, y in buttons.firstIndex { inside($0, x, y) } },
            propertyRow: { x, y in hasRows ? rows.firstIndex { inside($0, x, y) } : nil })
    }

    /// B: from Play to Build, or from Build to Play.
    func toggleBuild() {
        switch mode {
        case .building(let builder): play(builder.document)
        case .playing(let physics): enterBuild(stopping: physics)
        case .watching: hud.show("watching a replay: build mode edits scenes; open one with `cratebox run --build FILE`")
        }
    }

    /// The state now becomes the document, an edit that Ctrl+Z takes back to
    /// the document as it was before Play.
    private func enterBuild(stopping physics: PhysicsThread) {
        let step = physics.latest.drawn.stepCount
        let end = physics.stop(capturing: true)
        if let said = end.said { hud.show(said) }
        lostBefore += end.lost
        var document = self.document ?? Document(scene: scene, file: captures.documentPath)
        if let now = end.scene, now != document.scene {
            do {
                try document.commit(now, select: nil)
                hud.show("BUILD: the scene as it was at step \(step) (Ctrl+Z: as it was before)")
            } catch {
                hud.show("BUILD: the state at step \(step) is not a valid scene (\(error.message)); the document is as it was")
            }
        } else {
            hud.show("BUILD")
        }
        document.scriptChoices = App.scripts(beside: opened.path ?? document.file)
        enter(.building(Builder(document: document)), scene: scene, keepCamera: true)
    }

    private func play(_ document: Document) {
        self.document = document
        let scene = document.scene
        let physics: PhysicsThread
        do {
            physics = try startPhysics(for: scene) {
                .live(try Session(LoadedScene(scene: scene, text: scene.json(), fileName: document.file)))
            }
        } catch {
            hud.show("cannot play: \(error.message)")
            return
        }
        enter(.playing(physics), scene: scene)
        hud.show("PLAY (B: back to build, R: reset to the document)")  // once in the output; the band keeps saying it
    }

    /// The Lua scripts in the folder of `path` (at most 64, each of at most
    /// 1 MiB, in byte order), for the scene panel's script row.
    static func scripts(beside path: String) -> [(name: String, text: String)] {
        let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        let names = OpenedFile.files(in: folder) { $0.hasSuffix(".lua") && !$0.hasPrefix(".") }.prefix(64)
        return names.compactMap { name in
            // One that cannot be read, or is not UTF-8, is not offered (nothing is lost: it is only a choice).
            guard let bytes = try? readRegularFile(folder + "/" + name, limit: 1 << 20), let text = String(validating: bytes, as: UTF8.self) else { return nil }
            return (name, text)
        }
    }

    /// Ctrl+S in build mode: the document to its file, atomically, and its script beside it when it is not there yet.
    func saveDocument() {
        guard let builder = mode.builder else { return }
        do {
            try SceneSave.write(builder.document.scene, to: builder.document.file)
            builder.document.markSaved()
            hud.show("saved \(builder.document.file)")
            forgetRecoveryFile()
        } catch {
            captures.lose("\(error)")
            hud.show("saving failed: \(error)")
        }
    }
}
