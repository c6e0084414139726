// libFuzzer target: the script sandbox (docs/scene-format.md section 16),
// any text run as a script with small limits, and its `step` called a few
// times. Nothing may crash, leak, hang past the budget or take the memory.
import FuzzDriver
import Scripting

@main struct Main {
    static func main() { runFuzzer(fuzzScript) }
}

/// One input; libFuzzer calls this as often as it can.
func fuzzScript(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, size <= 16_384 else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let vm = try? ScriptVM(memoryLimit: 8 << 20, instructions: 200_000) else { return 0 }
    vm.seed(UInt64(size))
    do { try vm.run(text, name: "fuzz.lua") } catch { return 0 }
    for _ in 0..<3 {
        do { try vm.call("step") } catch { break }
    }
    return 0
}
