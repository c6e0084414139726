import CSDL2
import Controls
import Editing
import FileOutput
import Geometry
import Render
import Replay
import SceneFormat
import Simulation

/// Build mode in the window: a frame of it, and the switches between Build and Play.
extension App {
    /// One frame of build mode: input, then the picture. False to quit.
    func buildFrame(_ builder: Builder) -> Bool {
        var event = SDL_Event()
        let pointer = buildPointer
        while SDL_PollEvent(&event) != 0 {
            if skipsSplash(event) { continue }
            for command in builder.handle(event, pointer: pointer) {
                if !perform(command) { return false }
            }
            // Play may have started: the rest of the frame is Play's.
            if self.builder == nil { return true }
        }
        for text in builder.said { hud.show(text) }
        builder.said = []
        let camera = self.camera
        builder.draw(in: window, camera: camera)
        if screenshotRequested {
            screenshotRequested = false
            hud.show(captures.screenshot(window, step: 0))
        }
        hud.draw(lines: builder.hudLines(), lost: lostBefore + captures.lost, in: window)
        drawSplash(now: Monotonic.now)
        SDL_RenderPresent(window.renderer)
        return true
    }

    /// What build mode's mouse needs of the picture now.
    var buildPointer: Builder.Pointer {
        let scale = window.pixelScale, camera = self.camera, (pw, ph) = window.outputSize
        let buttons = BuildOverlays.toolbarButtons(count: Tool.allCases.count, width: pw, height: ph, scale: scale)
        let rows = BuildOverlays.propertyRows(count: (builder?.document.properties.count ?? 0) + 1, width: pw, scale: scale, text: window.text)
        let hasRows = !(builder?.document.properties.isEmpty ?? true)
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

    /// B: from Play to Build (the state now becomes the document, an edit that
    /// Ctrl+Z takes back to the document as it was before Play), or from Build to Play.
    func toggleBuild() {
        if let builder {
            play(builder.document)
        } else {
            enterBuild()
        }
    }

    private func enterBuild() {
        guard !watching else {
            hud.show("watching a replay: build mode edits scenes; open one with `cratebox run --build FILE`")
            return
        }
        let step = physics.latest.snapshot.stepCount
        let end = physics.stop(capturing: true)
        physics = nil
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
        builder = Builder(document: document)
        SDL_SetWindowTitle(window.window, "cratebox: build \(document.scene.name)")
    }

    private func play(_ document: Document) {
        self.document = document
        let scene = document.scene
        do {
            try startPhysics {
                .live(try Session(scene: scene, sceneText: scene.json(), sceneFile: document.file))
            }
        } catch {
            hud.show("cannot play: \(error)")
            return
        }
        self.scene = scene
        builder = nil
        saidBehind = false
        input.reset()
        cameraMotion = CameraMotion(worldWidth: scene.width, worldHeight: scene.height)
        SDL_SetWindowTitle(window.window, "cratebox: \(scene.name)")
        hud.show("PLAY (B: back to build, R: reset to the document)")
    }

    /// Starts a physics thread on a new mode and lets its clock run.
    func startPhysics(_ makeMode: @escaping @Sendable () throws -> Mode) throws {
        physics = try PhysicsThread(configuration: physicsConfiguration(for: scene), makeMode: makeMode)
        physics.begin()
    }

    /// How physics threads started after the first one are set up (no recording from the start).
    func physicsConfiguration(for scene: Scene) -> PhysicsThread.Configuration {
        var configuration = PhysicsThread.Configuration()
        configuration.captureDirectory = options.screenshotDirectory
        configuration.sceneName = scene.name
        configuration.historyBudget = options.historyBudget
        return configuration
    }

    /// Ctrl+S in build mode: the document to its file, atomically.
    func saveDocument() {
        guard let builder else { return }
        do {
            try writeTextFile(builder.document.scene.json(), to: builder.document.file)
            builder.document.markSaved()
            hud.show("saved \(builder.document.file)")
            forgetRecoveryFile()
        } catch {
            captures.lose("\(error)")
            hud.show("saving failed: \(error)")
        }
    }
}
