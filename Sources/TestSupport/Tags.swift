import Testing

extension Tag {
    /// Suites that own or free Chipmunk's objects, Lua's state or the
    /// snapshot's memory: `scripts/test` runs them under AddressSanitizer
    /// (`--filter tag:memory`), so a new suite joins by its tag, not by a list.
    @Tag public static var memory: Self
}
