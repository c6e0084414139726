#!/usr/bin/env python3
"""Validate cratebox scene files against a JSON Schema.

Usage: python3 scripts/check-schema.py SCHEMA FILE...

Prints one line per file, "FILE: valid" or "FILE: invalid: MESSAGE at PATH".
Exit status: 0 whatever the files hold, 2 on wrong usage, 3 when SCHEMA
itself cannot be read or is not a valid draft 2020-12 schema.

Needs the jsonschema module (Debian: apt-get install python3-jsonschema).
"""

import json
import sys

try:
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import SchemaError, best_match
except ImportError:
    sys.exit("check-schema: the jsonschema module is missing "
             "(Debian: apt-get install python3-jsonschema)")


# Read JSON as strictly as cratebox's own parser (Sources/Sandbox/JSON.swift),
# so a file the validator calls a syntax error is never checked as a document.
MAX_DEPTH = 64


def reject_constant(name):
    raise ValueError("%s is not a JSON number" % name)


def finite_float(text):
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise ValueError("the number %s is too large for a double" % text)
    return value


def finite_int(text):
    if len(text.lstrip("-")) > 308 and float(text) in (float("inf"), float("-inf")):
        raise ValueError("the number %s is too large for a double" % text)
    return int(text)


def unique_keys(pairs):
    document = {}
    for key, value in pairs:
        if key in document:
            raise ValueError("duplicate key %r" % key)
        document[key] = value
    return document


def check_strings_and_depth(value, depth=0):
    """Python's json accepts lone surrogates in \\u escapes and any nesting depth; cratebox does not."""
    def check_string(s):
        if any("\ud800" <= c <= "\udfff" for c in s):
            raise ValueError("unpaired surrogate in \\u escape")

    if isinstance(value, (dict, list)):
        if depth + 1 > MAX_DEPTH:
            raise ValueError("nesting deeper than %d levels" % MAX_DEPTH)
        items = value.items() if isinstance(value, dict) else ((None, v) for v in value)
        for key, item in items:
            if key is not None:
                check_string(key)
            check_strings_and_depth(item, depth + 1)
    elif isinstance(value, str):
        check_string(value)


def load(path):
    # utf-8-sig: a leading byte order mark is allowed, as cratebox allows it.
    with open(path, encoding="utf-8-sig") as f:
        try:
            document = json.load(f, parse_constant=reject_constant, parse_float=finite_float,
                                 parse_int=finite_int, object_pairs_hook=unique_keys)
        except RecursionError:
            raise ValueError("nesting deeper than %d levels" % MAX_DEPTH)
    check_strings_and_depth(document)
    return document


def json_path(error):
    path = "$"
    for part in error.absolute_path:
        path += "[%d]" % part if isinstance(part, int) else "." + str(part)
    return path


def describe(error):
    """The error's message, without a long dump of the offending object and
    with the reasons when none (or several) of the alternatives matched."""
    message = error.message
    shown = repr(error.instance)
    if isinstance(error.instance, (dict, list)) and len(shown) > 60 and message.startswith(shown):
        message = ("the object" if isinstance(error.instance, dict) else "the array") + message[len(shown):]
    if error.validator in ("anyOf", "oneOf") and error.context:
        reasons = sorted({e.message for e in error.context if not e.path})
        if reasons and len(reasons) <= 4:
            message += " (" + "; ".join(reasons) + ")"
    return message


def main(argv):
    if len(argv) < 3 or argv[1] in ("-h", "--help"):
        print("usage: python3 scripts/check-schema.py SCHEMA FILE...", file=sys.stderr)
        return 2

    try:
        schema = load(argv[1])
        Draft202012Validator.check_schema(schema)
    except (OSError, ValueError) as e:
        print("%s: cannot read schema: %s" % (argv[1], e), file=sys.stderr)
        return 3
    except SchemaError as e:
        print("%s: invalid schema: %s at %s" % (argv[1], e.message, json_path(e)), file=sys.stderr)
        return 3
    validator = Draft202012Validator(schema)

    for name in argv[2:]:
        try:
            document = load(name)
        except (OSError, ValueError) as e:
            print("%s: invalid: cannot read JSON: %s" % (name, e))
            continue
        error = best_match(validator.iter_errors(document))
        if error is None:
            print("%s: valid" % name)
        else:
            print("%s: invalid: %s at %s" % (name, describe(error), json_path(error)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
