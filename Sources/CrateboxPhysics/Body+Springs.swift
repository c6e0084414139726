import ChipmunkSurface

extension Body {
    /// The load of the springs and rotary springs on this body (docs/scene-format.md 16.11.1:
    /// section 8's stiffness over limit, added up), with every body as it is now.
    package var springLoad: Double { surface_body_load(raw) }
}
