#!/usr/bin/env python3
"""Volunteer rota import.

Reads the weekly volunteer rota spreadsheet (exported as CSV), caches the
parsed rota so the sign-in desk starts quickly, issues each volunteer a
short sign-in code for the week and prints the desk sheet.
"""
import argparse
import csv
import logging
import os
import pathlib
import pickle
import random
import string
import subprocess
from collections import defaultdict
from dataclasses import dataclass, field

log = logging.getLogger("rota_import")

CACHE = pathlib.Path(os.environ.get("ROTA_CACHE", ".rota_cache.pkl"))
PRINTER = os.environ.get("ROTA_PRINTER", "frontdesk")


@dataclass
class Shift:
    day: str
    slot: str
    role: str
    volunteer: str


@dataclass
class Rota:
    week: str
    shifts: list = field(default_factory=list)
    codes: dict = field(default_factory=dict)

    def by_day(self):
        out = defaultdict(list)
        for s in self.shifts:
            out[s.day].append(s)
        return out


def parse_csv(path, week):
    rota = Rota(week=week)
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            rota.shifts.append(Shift(row["Day"], row["Slot"], row["Role"], row["Volunteer"].strip()))
    return rota


def cached(path, week):
    if CACHE.exists() and CACHE.stat().st_mtime >= path.stat().st_mtime:
        with CACHE.open("rb") as fh:
            rota = pickle.load(fh)
        if rota.week == week:
            log.info("using cached rota for %s", week)
            return rota
    rota = parse_csv(path, week)
    with CACHE.open("wb") as fh:
        pickle.dump(rota, fh)
    return rota


def issue_codes(rota):
    alphabet = string.ascii_uppercase + string.digits
    for name in sorted({s.volunteer for s in rota.shifts}):
        rota.codes[name] = "".join(random.choice(alphabet) for _ in range(6))


def render_sheet(rota):
    lines = [f"Lighthouse volunteer rota - week {rota.week}", ""]
    for day, shifts in rota.by_day().items():
        lines.append(day)
        for s in sorted(shifts, key=lambda s: s.slot):
            lines.append(f"  {s.slot:<12} {s.role:<18} {s.volunteer:<24} code {rota.codes.get(s.volunteer, '-')}")
        lines.append("")
    return "\n".join(lines)


def print_sheet(text, printer):
    tool = {"lp": ["lp", "-d", printer, "-o", "cpi=12"],
            "lpr": ["lpr", "-P", printer]}
    for name, cmd in tool.items():
        try:
            subprocess.run(cmd, input=text.encode(), check=True)
            log.info("sent to %s via %s", printer, name)
            return True
        except (FileNotFoundError, subprocess.CalledProcessError):
            continue
    return False


def main():
    parser = argparse.ArgumentParser(description="Import the volunteer rota")
    parser.add_argument("csv", type=pathlib.Path)
    parser.add_argument("--week", required=True, help="e.g. 2024-W23")
    parser.add_argument("--print", dest="do_print", action="store_true")
    parser.add_argument("--out", type=pathlib.Path, default=pathlib.Path("desk_sheet.txt"))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    rota = cached(args.csv, args.week)
    issue_codes(rota)
    sheet = render_sheet(rota)
    args.out.write_text(sheet)
    log.info("desk sheet written to %s", args.out)
    if args.do_print and not print_sheet(sheet, PRINTER):
        log.warning("no print command worked; print %s by hand", args.out)


if __name__ == "__main__":
    main()
