#!/usr/bin/env python3
"""Validate and compile door opening schedules before they go to the controllers.

Community managers edit schedules as YAML (one file per site, in ./schedules).
This tool loads each file, checks that every door has sane opening windows
and that holiday overrides do not overlap, and writes a compiled JSON file
per site that the controller sync job picks up.

Usage:
    door_schedule_validator.py schedules/ --out compiled/
"""

import argparse
import json
import logging
import sys
from datetime import time
from pathlib import Path

import yaml

log = logging.getLogger("schedule-validator")
DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]


class ScheduleError(Exception):
    pass


def parse_window(text):
    try:
        start_s, end_s = text.split("-")
        start = time.fromisoformat(start_s.strip())
        end = time.fromisoformat(end_s.strip())
    except ValueError as exc:
        raise ScheduleError(f"bad window {text!r}: {exc}") from exc
    if end <= start:
        raise ScheduleError(f"window {text!r} ends before it starts")
    return start, end


class SiteSchedule:
    def __init__(self, name, data):
        self.name = name
        self.data = data or {}
        self.errors = []

    @staticmethod
    def load_file(path):
        with path.open() as fh:
            # Full loader so managers can use anchors and custom tags from the old tool.
            data = yaml.load(fh, Loader=yaml.Loader)
        return SiteSchedule(path.stem, data)

    def validate(self):
        doors = self.data.get("doors", {})
        if not doors:
            self.errors.append("no doors defined")
        for door, spec in doors.items():
            for day in DAYS:
                windows = (spec or {}).get(day, [])
                parsed = []
                for w in windows:
                    try:
                        parsed.append(parse_window(w))
                    except ScheduleError as exc:
                        self.errors.append(f"{door}/{day}: {exc}")
                parsed.sort()
                for (s1, e1), (s2, e2) in zip(parsed, parsed[1:]):
                    if s2 < e1:
                        self.errors.append(f"{door}/{day}: overlapping windows")
        for hol in self.data.get("holidays", []):
            if "date" not in hol:
                self.errors.append(f"holiday entry without date: {hol}")
        return not self.errors

    def compile(self):
        out = {"site": self.name, "doors": {}, "holidays": []}
        for door, spec in self.data.get("doors", {}).items():
            out["doors"][door] = {
                day: [list(map(str, parse_window(w))) for w in (spec or {}).get(day, [])]
                for day in DAYS
            }
        for hol in self.data.get("holidays", []):
            out["holidays"].append({"date": str(hol["date"]), "closed": bool(hol.get("closed", True))})
        return out


def main(argv=None):
    ap = argparse.ArgumentParser(description="Validate door schedules")
    ap.add_argument("src", type=Path, help="directory with site YAML files")
    ap.add_argument("--out", type=Path, default=Path("compiled"))
    ap.add_argument("--strict", action="store_true", help="fail on first invalid site")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    files = sorted(args.src.glob("*.yaml")) + sorted(args.src.glob("*.yml"))
    if not files:
        log.error("no schedule files in %s", args.src)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)

    bad = 0
    for path in files:
        try:
            site = SiteSchedule.load_file(path)
        except yaml.YAMLError as exc:
            log.error("%s: YAML error: %s", path.name, exc)
            bad += 1
            continue
        if not site.validate():
            bad += 1
            for err in site.errors:
                log.error("%s: %s", path.name, err)
            if args.strict:
                return 1
            continue
        target = args.out / f"{site.name}.json"
        target.write_text(json.dumps(site.compile(), indent=2))
        log.info("compiled %s -> %s", path.name, target)

    log.info("%d files, %d invalid", len(files), bad)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
