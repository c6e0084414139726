#!/usr/bin/env python3
"""Every public declaration of the library products has a doc comment.

Scans Sources/{CrateboxGeometry,CrateboxPhysics,SceneFormat,Simulation,CrateboxReplay} for declarations marked
`public` (or `open`) and checks that a `///` comment (or the end of a `/** */`
one) comes right before it, attributes and other comments allowed between.
Prints each one without, as FILE:LINE: declaration, and exits 1 if any.
"""
import pathlib, re, sys

MODULES = ["CrateboxGeometry", "CrateboxPhysics", "SceneFormat", "Simulation", "CrateboxReplay"]
DECL = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:public|open)\s+(?:(?:static|final|override|mutating|nonmutating|convenience|required|indirect|nonisolated(?:\(unsafe\))?|private\(set\)|fileprivate\(set\)|internal\(set\))\s+)*(func|var|let|init|class|struct|enum|protocol|typealias|subscript|case|static|actor|extension)\b")

def main():
    root = pathlib.Path(__file__).resolve().parent.parent
    missing = []
    for module in MODULES:
        for path in sorted((root / "Sources" / module).rglob("*.swift")):
            lines = path.read_text().split("\n")
            # What each open brace belongs to: a public enum (whose cases are public symbols) or anything else.
            stack = []
            for i, line in enumerate(lines):
                code = re.sub(r'"(?:[^"\\]|\\.)*"', '""', line.split("//")[0])
                in_public_enum = bool(stack) and stack[-1]
                opens = re.match(r"^\s*(?:@\w+\s+)*public\s+(?:indirect\s+)?enum\b", code) is not None
                for ch in code:
                    if ch == "{":
                        stack.append(opens)
                        opens = False
                    elif ch == "}" and stack:
                        stack.pop()
                m = DECL.match(line)
                is_case = in_public_enum and re.match(r"^\s*(?:indirect\s+)?case\s+\w", line)
                if not (m and m.group(1) != "extension") and not is_case:
                    continue
                j = i - 1
                # Attributes on their own lines sit between the comment and the declaration.
                while j >= 0 and re.match(r"^\s*@\w+", lines[j]):
                    j -= 1
                previous = lines[j].strip() if j >= 0 else ""
                if not (previous.startswith("///") or previous.endswith("*/")):
                    missing.append(f"{path.relative_to(root)}:{i + 1}: {line.strip()}")
    for entry in missing:
        print(entry)
    if missing:
        print(f"{len(missing)} public declarations without a doc comment", file=sys.stderr)
        return 1
    return 0

if __name__ == "__main__":
    sys.exit(main())
