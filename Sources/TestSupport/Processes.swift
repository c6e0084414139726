import Foundation

/// What a program run to completion did.
public struct ProcessResult: Sendable {
    /// Its exit status (or the signal's number when it was killed).
    public var status: Int32
    /// What it wrote on standard output and standard error.
    public var stdout: String, stderr: String
    /// Whether a signal ended it.
    public var exitedBySignal: Bool
}

/// Runs `executable` with `arguments` in `directory` (the package's top by
/// default) to completion and hands back what it wrote and how it ended.
/// Both pipes are read whole before waiting, so a full pipe cannot block it.
@discardableResult
public func runProgram(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
                       in directory: URL = packageRoot) throws -> ProcessResult {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let environment { process.environment = environment }
    process.currentDirectoryURL = directory
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // The semaphore orders the reader's write before the read below (ThreadSanitizer checks it).
    nonisolated(unsafe) var errData = Data()
    let done = DispatchSemaphore(value: 0)
    Thread {
        errData = err.fileHandleForReading.readDataToEndOfFile()
        done.signal()
    }.start()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    done.wait()
    return ProcessResult(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                         stderr: String(decoding: errData, as: UTF8.self), exitedBySignal: process.terminationReason == .uncaughtSignal)
}

/// `runProgram` by path: `runProgram("/usr/bin/xdotool", ["key", "b"])`.
@discardableResult
public func runProgram(_ path: String, _ arguments: [String], environment: [String: String]? = nil,
                       in directory: URL = packageRoot) throws -> ProcessResult {
    try runProgram(URL(fileURLWithPath: path), arguments, environment: environment, in: directory)
}

/// Starts a program that keeps running (the window app): its standard output
/// is piped to the caller, its errors dropped.
public func launchProgram(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
                          in directory: URL = packageRoot) throws -> (Process, Pipe) {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory
    if let environment { process.environment = environment }
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    return (process, out)
}

/// Waits for a process to end; kills it if it takes longer than `seconds`. False when it had to be killed.
@discardableResult
public func waitOrKill(_ process: Process, seconds: Double) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while process.isRunning && Date() < deadline { usleep(20_000) }
    let killed = process.isRunning
    if killed { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    return !killed
}

/// A PNG's pixels as RGB bytes, row after row (ImageMagick's convert), or
/// those of a part of it (`crop`: "WxH+X+Y").
public func rgbPixels(_ png: String, crop: String? = nil) throws -> [UInt8] {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
    p.arguments = [png] + (crop.map { ["-crop", $0] } ?? []) + ["-depth", "8", "rgb:-"]
    let out = Pipe()
    p.standardOutput = out
    try p.run()
    let data = [UInt8](out.fileHandleForReading.readDataToEndOfFile())
    p.waitUntilExit()
    guard p.terminationStatus == 0 else { throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: png]) }
    return data
}

/// A new empty folder under the temporary directory, named after `name` and this process.
public func temporaryFolder(_ name: String) throws -> String {
    let path = NSTemporaryDirectory() + "cratebox-\(name)-\(getpid())"
    try? FileManager.default.removeItem(atPath: path)
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// The `cratebox` binary built next to the test bundle.
public let crateboxBinary: URL = {
    let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    return exe.deletingLastPathComponent().appendingPathComponent("cratebox")
}()

/// Runs cratebox in the package's folder to completion.
public func cratebox(_ arguments: String..., environment: [String: String]? = nil) throws -> ProcessResult {
    try runProgram(crateboxBinary, arguments, environment: environment)
}

/// Runs cratebox with `arguments` in the package's folder to completion.
public func cratebox(_ arguments: [String], environment: [String: String]? = nil) throws -> ProcessResult {
    try runProgram(crateboxBinary, arguments, environment: environment)
}

/// A disk that fills up: a tmpfs of `size` (64 KiB by default) mounted on
/// `path`, which must exist (mounting needs root, as `scripts/test` runs).
public func mountSmallDisk(_ path: String, size: String = "64k") throws {
    let r = try runProgram("/bin/mount", ["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", path])
    guard r.status == 0 else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "mounting a \(size) tmpfs on \(path) failed (it needs root): \(r.stderr)"])
    }
}

/// Unmounts what `mountSmallDisk` mounted (nothing if it is not mounted).
public func unmountSmallDisk(_ path: String) {
    _ = try? runProgram("/bin/umount", [path])
}
