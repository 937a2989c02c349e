#!/usr/bin/env python3
"""Check the season's ticket price table before it goes on sale.

Reads pricing.json (price bands per performance type), checks for gaps and
inversions, compares against the live event list from the ticketing API,
and writes a checked copy for the box office supervisor. Extra band rules
can be passed in PRICE_RULES (JSON) or piped on stdin from the finance sheet
export, e.g.  finance_export | ./prog214c_ticket_price_check.py -
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import urllib.error
import urllib.request

LOG = logging.getLogger("price-check")
EVENTS_URL = os.environ.get("EVENTS_URL", "https://api.boxoffice.example.com/v1/events")
CACHE_DIR = ".price_check_cache"
BAND_ORDER = ["A", "B", "C", "D", "CONC", "STUDENT"]


class PriceTable:
    def __init__(self, data):
        self.data = data

    def problems(self, rules):
        issues = []
        floor = rules.get("min_price", 5.0)
        for perf_type, bands in self.data.items():
            missing = [b for b in BAND_ORDER[:4] if b not in bands]
            if missing:
                issues.append(f"{perf_type}: missing bands {missing}")
            ordered = [bands[b] for b in BAND_ORDER[:4] if b in bands]
            if ordered != sorted(ordered, reverse=True):
                issues.append(f"{perf_type}: band prices not descending {ordered}")
            for band, price in bands.items():
                if price < floor:
                    issues.append(f"{perf_type}/{band}: £{price:.2f} below floor £{floor:.2f}")
            conc = bands.get("CONC")
            if conc is not None and "D" in bands and conc > bands["D"]:
                issues.append(f"{perf_type}: concession dearer than band D")
        return issues


def load_rules(use_stdin):
    rules = json.loads(os.environ.get("PRICE_RULES", "{}") or "{}")
    if use_stdin:
        rules.update(json.load(sys.stdin))
    return rules


def cache_key(path):
    with open(path, "rb") as fh:
        return hashlib.md5(fh.read()).hexdigest()


def fetch_events(timeout):
    try:
        with urllib.request.urlopen(EVENTS_URL, timeout=timeout) as resp:
            return json.load(resp).get("events", [])
    except (urllib.error.URLError, ValueError) as exc:
        LOG.warning("event list unavailable: %s", exc)
        return []


def write_checked(table, issues, key):
    os.makedirs(CACHE_DIR, exist_ok=True)
    out = "pricing.checked.json"
    partial = os.path.join(CACHE_DIR, f"{key}.partial")
    with open(partial, "w") as fh:
        json.dump({"source_md5": key, "issues": issues, "prices": table.data}, fh, indent=2)
    os.replace(partial, out)
    os.chmod(out, 0o600)
    return out


def parse_args(argv):
    p = argparse.ArgumentParser(description="Sanity-check the ticket price table")
    p.add_argument("rules", nargs="?", help="'-' to read extra rules JSON from stdin")
    p.add_argument("--pricing", default="pricing.json")
    p.add_argument("--timeout", type=float, default=10.0)
    p.add_argument("--offline", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        with open(args.pricing) as fh:
            table = PriceTable(json.load(fh))
        rules = load_rules(args.rules == "-")
    except (OSError, ValueError) as exc:
        LOG.error("cannot load input: %s", exc)
        return 1
    key = cache_key(args.pricing)
    issues = table.problems(rules)
    if not args.offline:
        for ev in fetch_events(args.timeout):
            if ev.get("perf_type") not in table.data:
                issues.append(f"event {ev.get('code')} uses unpriced type {ev.get('perf_type')}")
    out = write_checked(table, issues, key)
    for issue in issues:
        LOG.warning("%s", issue)
    LOG.info("%d issues; checked table written to %s", len(issues), out)
    return 1 if issues else 0


if __name__ == "__main__":
    sys.exit(main())
