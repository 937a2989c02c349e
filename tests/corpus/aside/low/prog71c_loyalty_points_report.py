#!/usr/bin/env python3
"""Monthly loyalty points statement for a store.

Reads the POS transaction export (CSV), applies the current earn rules
published by the loyalty programme API and writes a per-member statement
plus a store summary. Earn rules are cached locally for a day.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import sys
import time
from collections import defaultdict
from decimal import Decimal, ROUND_DOWN
from pathlib import Path

import requests

log = logging.getLogger("loyalty-report")

RULES_URL = os.environ.get("LOYALTY_RULES_URL", "https://loyalty.cornerstores.example/api/v1/earn-rules")
CACHE_DIR = Path(".cache/loyalty")
CACHE_TTL = 24 * 3600


def cache_path(url, params):
    key = hashlib.md5((url + json.dumps(params, sort_keys=True)).encode()).hexdigest()
    return CACHE_DIR / f"{key}.json"


def fetch_rules(store_id, refresh=False):
    params = {"store": store_id}
    path = cache_path(RULES_URL, params)
    if not refresh and path.exists() and time.time() - path.stat().st_mtime < CACHE_TTL:
        return json.loads(path.read_text())
    resp = requests.get(RULES_URL, params=params, timeout=15)
    resp.raise_for_status()
    rules = resp.json()
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(rules))
    return rules


class PointsCalculator:
    def __init__(self, rules):
        self.base_rate = Decimal(str(rules.get("points_per_unit", 1)))
        self.category_multipliers = {k: Decimal(str(v)) for k, v in rules.get("multipliers", {}).items()}
        self.excluded = set(rules.get("excluded_categories", []))
        self.tier_bonus = {k: Decimal(str(v)) for k, v in rules.get("tier_bonus", {}).items()}

    def points(self, amount, category, tier):
        if category in self.excluded or amount <= 0:
            return 0
        mult = self.category_multipliers.get(category, Decimal(1)) * self.tier_bonus.get(tier, Decimal(1))
        return int((amount * self.base_rate * mult).quantize(Decimal(1), rounding=ROUND_DOWN))


def read_transactions(path, month):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if not row.get("member_id") or not row["date"].startswith(month):
                continue
            yield row


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("transactions", help="POS export CSV")
    ap.add_argument("--month", required=True, help="YYYY-MM")
    ap.add_argument("--store", default=os.environ.get("STORE_ID", "001"))
    ap.add_argument("--out", default="reports")
    ap.add_argument("--refresh-rules", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        rules = fetch_rules(args.store, args.refresh_rules)
    except requests.RequestException as exc:
        log.error("could not load earn rules: %s", exc)
        return 1
    calc = PointsCalculator(rules)

    members = defaultdict(lambda: {"spend": Decimal(0), "points": 0, "visits": set(), "tier": ""})
    for row in read_transactions(args.transactions, args.month):
        amount = Decimal(row["amount"])
        m = members[row["member_id"]]
        m["tier"] = row.get("tier", "")
        m["spend"] += amount
        m["points"] += calc.points(amount, row.get("category", ""), m["tier"])
        m["visits"].add(row["date"][:10])

    out_dir = Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)
    stmt = out_dir / f"points-{args.store}-{args.month}.csv"
    with stmt.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["member_id", "tier", "visits", "spend", "points"])
        for mid, m in sorted(members.items()):
            w.writerow([mid, m["tier"], len(m["visits"]), f"{m['spend']:.2f}", m["points"]])
    summary = {
        "store": args.store,
        "month": args.month,
        "members": len(members),
        "points_issued": sum(m["points"] for m in members.values()),
        "member_spend": f"{sum((m['spend'] for m in members.values()), Decimal(0)):.2f}",
    }
    (out_dir / f"summary-{args.store}-{args.month}.json").write_text(json.dumps(summary, indent=2))
    log.info("%(members)d members, %(points_issued)d points issued", summary)
    return 0


if __name__ == "__main__":
    sys.exit(main())
