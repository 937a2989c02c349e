#!/usr/bin/env python3
"""Tally crossings per vessel from a shell pipeline.

Designed to sit at the end of a pipeline that filters the day's crossing
log, for example:

    grep "$(date +%F)" crossings.log | cut -d';' -f2-5 | python3 prog211e_crossing_tally.py

Each input line is "vessel;origin;passengers;vehicles". Results go to a JSON
file and to tally.env (KEY=VALUE lines) for the end-of-day shell report.
Unchanged input is detected by a cache key so the tally is not redone.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
from collections import Counter, defaultdict

log = logging.getLogger("crossing_tally")


class Tally:
    def __init__(self):
        self.crossings = Counter()
        self.people = defaultdict(int)
        self.vehicles = defaultdict(int)
        self.bad_lines = 0

    def add_line(self, line, sep):
        parts = [p.strip() for p in line.split(sep)]
        if len(parts) < 4 or not parts[0]:
            self.bad_lines += 1
            return
        vessel = parts[0]
        try:
            self.people[vessel] += int(parts[2])
            self.vehicles[vessel] += int(parts[3])
        except ValueError:
            self.bad_lines += 1
            return
        self.crossings[vessel] += 1

    def as_dict(self):
        return {v: {"crossings": n, "passengers": self.people[v], "vehicles": self.vehicles[v]}
                for v, n in self.crossings.most_common()}


def cache_key(lines):
    return hashlib.md5("".join(lines).encode("utf-8")).hexdigest()


def write_env(path, summary):
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(f"TALLY_VESSELS={len(summary)}\n")
        fh.write(f"TALLY_CROSSINGS={sum(s['crossings'] for s in summary.values())}\n")
        fh.write(f"TALLY_PASSENGERS={sum(s['passengers'] for s in summary.values())}\n")
    os.chmod(path, 0o600)


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sep", default=";")
    parser.add_argument("--json", default="tally.json")
    parser.add_argument("--env", default="tally.env")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s", stream=sys.stderr)

    if sys.stdin.isatty():
        log.error("pipe crossing lines into this tool")
        return 2
    lines = sys.stdin.readlines()
    key = cache_key(lines)
    if os.path.exists(args.json):
        with open(args.json, encoding="utf-8") as fh:
            previous = json.load(fh)
        if previous.get("cache_key") == key:
            log.info("input unchanged, keeping %s", args.json)
            return 0

    tally = Tally()
    for line in lines:
        if line.strip():
            tally.add_line(line, args.sep)
    summary = tally.as_dict()
    with open(args.json, "w", encoding="utf-8") as fh:
        json.dump({"cache_key": key, "vessels": summary}, fh, indent=2)
    os.chmod(args.json, 0o600)
    write_env(args.env, summary)
    for vessel, stats in summary.items():
        print(f"{vessel:<20} {stats['crossings']:>4} {stats['passengers']:>6} {stats['vehicles']:>5}")
    if tally.bad_lines:
        log.warning("%d malformed lines skipped", tally.bad_lines)
    return 0


if __name__ == "__main__":
    sys.exit(main())
