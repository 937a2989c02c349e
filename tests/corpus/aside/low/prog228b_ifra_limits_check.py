#!/usr/bin/env python3
"""Check a fragrance formula against IFRA maximum-use limits.

Downloads the current IFRA limits table (per product category) from the
standards mirror, caches it in ./.ifra_cache, and flags materials in a formula
CSV (material,cas,pct) whose concentration in the finished product exceeds the
limit for the chosen category.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import time
import urllib.request
from pathlib import Path

LOG = logging.getLogger("ifra")

MIRROR = "https://standards.example.org/ifra/amendment-51/limits.json"
CACHE_DIR = Path(".ifra_cache")
CACHE_TTL = 7 * 24 * 3600
TIMEOUT = 20


def user_agent():
    distro = "unknown"
    try:
        with open("/etc/os-release") as fh:
            for line in fh:
                if line.startswith("PRETTY_NAME="):
                    distro = line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return "ifra-limits-check/1.3 (%s)" % distro


class LimitsCache:
    def __init__(self, root=CACHE_DIR, ttl=CACHE_TTL):
        self.root = root
        self.ttl = ttl
        self.root.mkdir(exist_ok=True)

    def _path(self, url):
        return self.root / (hashlib.md5(url.encode()).hexdigest() + ".json")

    def prune(self):
        now = time.time()
        for p in self.root.glob("*.json"):
            if now - p.stat().st_mtime > 4 * self.ttl:
                p.unlink()
                LOG.debug("pruned %s", p)

    def get(self, url, refresh=False):
        p = self._path(url)
        if not refresh and p.exists() and time.time() - p.stat().st_mtime < self.ttl:
            return json.loads(p.read_text())
        req = urllib.request.Request(url, headers={"User-Agent": user_agent()})
        with urllib.request.urlopen(req, timeout=TIMEOUT) as resp:
            data = json.loads(resp.read().decode("utf-8"))
        p.write_text(json.dumps(data))
        return data


def read_formula(path):
    with open(path, newline="") as fh:
        return [(r["material"], r.get("cas", "").strip(), float(r["pct"]))
                for r in csv.DictReader(fh) if r.get("pct")]


def check(formula, limits, category, dosage):
    table = {e["cas"]: e for e in limits.get("materials", []) if e.get("cas")}
    issues = []
    for material, cas, pct in formula:
        entry = table.get(cas)
        if not entry:
            continue
        limit = entry.get("limits", {}).get(category)
        if limit is None:
            continue
        in_product = pct * dosage / 100.0
        if in_product > limit:
            issues.append((material, cas, in_product, limit))
    return issues


def main():
    ap = argparse.ArgumentParser(description="IFRA limit check for a formula")
    ap.add_argument("formula", help="formula CSV (material,cas,pct)")
    ap.add_argument("--category", default="4", help="IFRA product category")
    ap.add_argument("--dosage", type=float, default=15.0, help="fragrance %% in product")
    ap.add_argument("--refresh", action="store_true")
    ap.add_argument("--report", default="ifra_report.txt")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cache = LimitsCache()
    cache.prune()
    try:
        limits = cache.get(MIRROR, args.refresh)
        formula = read_formula(args.formula)
    except (OSError, ValueError, KeyError) as exc:
        LOG.error("failed: %s", exc)
        return 1
    issues = check(formula, limits, args.category, args.dosage)
    with open(args.report, "w") as fh:
        fh.write("IFRA check: %s, category %s, dosage %.1f%%\n" % (args.formula, args.category, args.dosage))
        for material, cas, got, lim in issues:
            fh.write("%-30s %-12s %.4f%% > %.4f%%\n" % (material, cas, got, lim))
        fh.write("%d issue(s)\n" % len(issues))
    os.chmod(args.report, 0o600)
    LOG.info("%d issue(s); report in %s", len(issues), args.report)
    return 1 if issues else 0


if __name__ == "__main__":
    raise SystemExit(main())
