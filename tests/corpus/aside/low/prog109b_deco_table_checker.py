#!/usr/bin/env python3
"""Check the vessel's decompression tables against the current company release.

The dive supervisor keeps a local copy of the air / nitrox tables in
tables/<gas>.json.  This tool fetches the latest table bundle published by
the diving standards group, compares every depth / bottom-time row against
the local copy, applies the group's published limits and prints any stop that
differs.  Use --write to replace the local tables with the release.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("deco-check")

RELEASE_URL = os.environ.get(
    "DECO_RELEASE_URL",
    "https://standards.deepline-survey.example.com/deco/latest.json",
)
CACHE_DIR = Path(".deco_cache")


def fetch_bundle(url, timeout=20):
    key = hashlib.md5(url.encode()).hexdigest()
    cached = CACHE_DIR / f"{key}.json"
    req = urllib.request.Request(url, headers={"Accept": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            raw = resp.read()
        CACHE_DIR.mkdir(exist_ok=True)
        cached.write_bytes(raw)
    except urllib.error.URLError as exc:
        if not cached.exists():
            raise
        log.warning("release server unreachable (%s), using cached bundle", exc)
        raw = cached.read_bytes()
    return json.loads(raw)


class RowRules:
    """Row limits published with each release by the standards group."""

    def __init__(self, bundle):
        self.version = bundle.get("version", "unknown")
        self.limits = bundle.get("limits", {})
        self.checks = [self._default_check, self._limit_check]

    @staticmethod
    def _default_check(row):
        depth, bottom, stops = row["depth_m"], row["bottom_min"], row["stops"]
        if depth <= 0 or bottom <= 0:
            return "non-positive depth or bottom time"
        if any(s < 0 for s in stops):
            return "negative stop time"
        return None

    def _limit_check(self, row):
        max_depth = self.limits.get("max_depth_m")
        if max_depth is not None and row["depth_m"] > max_depth:
            return f"depth beyond release limit of {max_depth} m"
        max_total = self.limits.get("max_total_deco_min")
        if max_total is not None and sum(row["stops"]) > max_total:
            return f"total deco exceeds {max_total} min"
        return None

    def apply(self, row):
        for check in self.checks:
            problem = check(row)
            if problem:
                yield problem


def load_local(gas):
    path = Path("tables") / f"{gas}.json"
    with path.open(encoding="utf-8") as fh:
        return {(r["depth_m"], r["bottom_min"]): r for r in json.load(fh)}


def compare(gas, local, release_rows, rules):
    differences = 0
    for row in release_rows:
        key = (row["depth_m"], row["bottom_min"])
        for problem in rules.apply(row):
            log.error("%s %sm/%smin: release row fails check: %s", gas, *key, problem)
            differences += 1
        mine = local.get(key)
        if mine is None:
            log.info("%s %sm/%smin: missing from local table", gas, *key)
            differences += 1
        elif mine["stops"] != row["stops"]:
            log.warning("%s %sm/%smin: local stops %s, release %s",
                        gas, *key, mine["stops"], row["stops"])
            differences += 1
    return differences


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--gas", action="append", default=None,
                    help="gas table to check (default: all in release)")
    ap.add_argument("--url", default=RELEASE_URL)
    ap.add_argument("--write", action="store_true", help="replace local tables")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)-7s %(message)s")

    try:
        bundle = fetch_bundle(args.url)
    except (urllib.error.URLError, ValueError) as exc:
        log.error("could not load release bundle: %s", exc)
        return 2

    rules = RowRules(bundle)
    log.info("release %s, limits %s", rules.version, rules.limits or "none")

    total = 0
    for gas, rows in bundle.get("tables", {}).items():
        if args.gas and gas not in args.gas:
            continue
        try:
            local = load_local(gas)
        except FileNotFoundError:
            log.warning("no local table for %s", gas)
            local = {}
        total += compare(gas, local, rows, rules)
        if args.write:
            out = Path("tables") / f"{gas}.json"
            out.parent.mkdir(exist_ok=True)
            out.write_text(json.dumps(rows, indent=2), encoding="utf-8")
            log.info("wrote %s", out)

    print(f"{total} difference(s) found")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
