#!/usr/bin/env python3
"""Check visitor mooring permits against the local rule pack.

Bank rangers export the day's sightings (boat index number, mooring site,
date first seen) as CSV from the patrol app.  Stay rules (14-day general
moorings, 48h visitor moorings, winter moorings, ...) live in a small Python
rule pack kept next to this tool (rules/rulepack.py) so the area team can
edit them without a new release.

Output: overstays.csv in the working directory.
"""
import argparse
import csv
import datetime as dt
import hashlib
import logging
import sys
from pathlib import Path

log = logging.getLogger("permit-check")

RULES_PATH = Path("rules") / "rulepack.py"


def read_rule_source(path):
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RuntimeError(f"rule pack not found at {path}") from None


class RulePack:
    def __init__(self, source, origin):
        self.origin = origin
        self.version = hashlib.md5(source.encode()).hexdigest()[:8]
        namespace = {"timedelta": dt.timedelta, "date": dt.date}
        code = compile(source, origin, "exec")
        exec(code, namespace)
        self.max_stay = namespace["max_stay"]
        self.describe = namespace.get("describe", lambda site: site)

    def check(self, sighting, today):
        first_seen = dt.date.fromisoformat(sighting["first_seen"])
        allowed = self.max_stay(sighting["site"], sighting.get("permit", ""), first_seen)
        stayed = today - first_seen
        return stayed > allowed, stayed, allowed


def read_sightings(path):
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            if not row.get("index_no"):
                continue
            yield {
                "index_no": row["index_no"].strip().upper(),
                "site": row["site"].strip(),
                "first_seen": row["first_seen"].strip(),
                "permit": row.get("permit", "").strip(),
            }


def write_report(rows, path):
    with open(path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["index_no", "site", "days_stayed", "days_allowed"])
        for r in rows:
            w.writerow(r)


def main(argv=None):
    ap = argparse.ArgumentParser(description="visitor mooring overstay check")
    ap.add_argument("sightings", help="CSV export from the patrol app")
    ap.add_argument("--rules", type=Path, default=RULES_PATH)
    ap.add_argument("--date", help="check as of this date (YYYY-MM-DD)")
    ap.add_argument("--out", default="overstays.csv")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    today = dt.date.fromisoformat(args.date) if args.date else dt.date.today()
    try:
        pack = RulePack(read_rule_source(args.rules), str(args.rules))
    except (RuntimeError, KeyError, SyntaxError) as exc:
        log.error("cannot load rule pack: %s", exc)
        return 2
    log.info("rule pack %s loaded from %s", pack.version, args.rules)

    overstays = []
    for s in read_sightings(args.sightings):
        try:
            over, stayed, allowed = pack.check(s, today)
        except ValueError as exc:
            log.warning("bad row for %s: %s", s["index_no"], exc)
            continue
        if over:
            overstays.append((s["index_no"], pack.describe(s["site"]), stayed.days, allowed.days))
    write_report(overstays, args.out)
    log.info("%d overstays written to %s", len(overstays), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
