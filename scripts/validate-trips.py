#!/usr/bin/env python3
"""Validate trip.json files against docs/trip.schema.json with Python's jsonschema, an
implementation of JSON Schema independent of the Swift loader the schema is written from.

Usage: scripts/validate-trips.py SCHEMA FILE...
       scripts/validate-trips.py --expect-invalid SCHEMA < documents separated by NUL bytes
Prints one line per problem; exits 1 if a file fails (or, with --expect-invalid, if a document
passes). The test suite runs it over Examples/*.json and Tests/Fixtures/valid/*.json, and over
broken trips the schema must refuse (TripSchemaTests).
"""
import json
import sys

import jsonschema


def main(argv):
    expect_invalid = "--expect-invalid" in argv
    args = [a for a in argv[1:] if a != "--expect-invalid"]
    with open(args[0], encoding="utf-8") as f:
        schema = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    if expect_invalid:
        documents = [(f"document {i + 1}", text) for i, text in enumerate(sys.stdin.read().split("\0"))]
    else:
        documents = [(path, open(path, encoding="utf-8").read()) for path in args[1:]]
    failed = 0
    for path, text in documents:
        trip = json.loads(text)
        errors = sorted(validator.iter_errors(trip), key=lambda e: list(map(str, e.absolute_path)))
        if bool(errors) != expect_invalid:
            failed += 1
            print(f"{path}: " + ("passes the schema" if expect_invalid else "fails the schema"))
        for e in errors if not expect_invalid else []:
            where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in e.absolute_path) or "(top level)"
            print(f"  {where}: {e.message[:200]}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
