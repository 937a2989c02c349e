#!/usr/bin/env python3
"""Merge guest lists exported from spreadsheets, Zola or The Knot into guests.json.

Handles the usual mess: "Mr. & Mrs." couples on one row, plus-ones marked
with anything from "Y" to "yes please", duplicate rows from two families
editing the same sheet, and dietary notes scattered over several columns.

A small import report is written next to the output so the planner can see
which rows were skipped.
"""
import argparse
import csv
import json
import logging
import platform
import re
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

log = logging.getLogger("guest_merge")

COUPLE_RE = re.compile(r"^(mr|mrs|ms|dr|mx)\.?\s*(?:&|and)\s*(mr|mrs|ms|dr|mx)\.?\s+(.+)$", re.I)
TRUTHY = {"y", "yes", "1", "true", "x", "yes please", "+1"}
HEADER_ALIASES = {
    "name": {"name", "guest", "guest name", "full name"},
    "email": {"email", "e-mail", "email address"},
    "party": {"party", "household", "family", "group"},
    "plus_one": {"plus one", "plus-one", "+1", "guest allowed"},
    "side": {"side", "bride/groom", "whose guest"},
}
DIETARY_COLUMNS = ("dietary", "allergies", "meal", "notes")


@dataclass
class Guest:
    name: str
    email: str = ""
    party: str = ""
    plus_one: bool = False
    side: str = ""
    dietary: list = field(default_factory=list)

    def key(self):
        return (self.name.casefold(), self.email.casefold())


def canonical_header(raw):
    h = raw.strip().lower()
    for canon, aliases in HEADER_ALIASES.items():
        if h in aliases:
            return canon
    return h


def split_couple(name):
    m = COUPLE_RE.match(name.strip())
    if not m:
        return [name.strip()]
    t1, t2, surname = m.groups()
    return [f"{t1.title()}. {surname}", f"{t2.title()}. {surname}"]


def read_rows(path, encoding):
    with open(path, newline="", encoding=encoding) as fh:
        reader = csv.DictReader(fh)
        reader.fieldnames = [canonical_header(h) for h in reader.fieldnames or []]
        for lineno, row in enumerate(reader, start=2):
            yield lineno, row


def parse_row(row):
    raw_name = (row.get("name") or "").strip()
    if not raw_name:
        return []
    dietary = [row[c].strip() for c in DIETARY_COLUMNS if row.get(c) and row[c].strip()]
    guests = []
    for n in split_couple(raw_name):
        guests.append(Guest(
            name=n,
            email=(row.get("email") or "").strip().lower(),
            party=(row.get("party") or raw_name).strip(),
            plus_one=(row.get("plus_one") or "").strip().lower() in TRUTHY,
            side=(row.get("side") or "").strip().title(),
            dietary=list(dietary),
        ))
    return guests


class ImportReport:
    def __init__(self, sources):
        self.sources = [str(s) for s in sources]
        self.started = time.time()
        self.counts = {"rows": 0, "guests": 0, "duplicates": 0, "skipped": 0}
        self.warnings = []

    def warn(self, msg):
        log.warning(msg)
        self.warnings.append(msg)

    def payload(self):
        return {
            "sources": self.sources,
            "counts": self.counts,
            "warnings": self.warnings[:200],
            "elapsed": round(time.time() - self.started, 2),
            "python": platform.python_version(),
        }

    def save(self, path):
        try:
            path.write_text(json.dumps(self.payload(), indent=2))
            log.info("import report written to %s", path)
        except OSError as exc:
            log.error("could not write report %s: %s", path, exc)


def import_lists(paths, encoding, report):
    seen, out = {}, []
    for path in paths:
        try:
            for lineno, row in read_rows(path, encoding):
                report.counts["rows"] += 1
                guests = parse_row(row)
                if not guests:
                    report.counts["skipped"] += 1
                    report.warn(f"{path}:{lineno}: no name, row skipped")
                    continue
                for g in guests:
                    if g.key() in seen:
                        report.counts["duplicates"] += 1
                        continue
                    seen[g.key()] = g
                    out.append(g)
        except (OSError, UnicodeDecodeError, csv.Error) as exc:
            report.warn(f"{path}: could not read ({exc})")
    report.counts["guests"] = len(out)
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("csv", nargs="+", type=Path)
    ap.add_argument("-o", "--output", type=Path, default=Path("guests.json"))
    ap.add_argument("--encoding", default="utf-8-sig")
    ap.add_argument("--no-report", dest="report", action="store_false",
                    help="do not write import_report.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    report = ImportReport(args.csv)
    guests = import_lists(args.csv, args.encoding, report)
    args.output.write_text(json.dumps([asdict(g) for g in guests], indent=2))
    log.info("wrote %d guests to %s (%d duplicates dropped)",
             len(guests), args.output, report.counts["duplicates"])
    if args.report:
        report.save(args.output.with_name("import_report.json"))
    return 0 if guests else 1


if __name__ == "__main__":
    sys.exit(main())
