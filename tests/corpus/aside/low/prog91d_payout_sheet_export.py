#!/usr/bin/env python3
"""Export the prize payout sheet and submit it to the payout service.

Reads final placements (placements.csv) and the prize table (prizes.json),
splits team prizes between rostered players, writes payouts_<event>.csv for
the finance team and submits the batch to the payout provider.

    payout_sheet_export.py --event winter-lan-24 --currency EUR
    payout_sheet_export.py --event winter-lan-24 --dry-run
"""
import argparse
import csv
import json
import logging
import os
import sys
from collections import defaultdict
from decimal import ROUND_DOWN, Decimal

import requests

log = logging.getLogger("payout-export")

PAYOUT_API = os.environ.get("PAYOUT_API_URL", "https://api.prizedesk.example/v1/batches")


def load_prizes(path):
    with open(path, encoding="utf-8") as fh:
        table = json.load(fh)
    return {int(k): Decimal(str(v)) for k, v in table["places"].items()}


def load_placements(path):
    teams = {}
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            teams[row["team"]] = {
                "place": int(row["place"]),
                "players": [p.strip() for p in row["players"].split(";") if p.strip()],
                "iban_ref": row.get("iban_ref", ""),
            }
    return teams


def split_prizes(teams, prizes):
    per_player = defaultdict(Decimal)
    for team, info in teams.items():
        amount = prizes.get(info["place"])
        if not amount or not info["players"]:
            continue
        share = (amount / len(info["players"])).quantize(Decimal("0.01"), rounding=ROUND_DOWN)
        for player in info["players"]:
            per_player[(team, player)] += share
    return per_player


def write_csv(rows, path, currency):
    with open(path, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["team", "player", "amount", "currency"])
        for (team, player), amount in sorted(rows.items()):
            w.writerow([team, player, f"{amount:.2f}", currency])
    os.chmod(path, 0o600)
    log.info("wrote %s (%d lines)", path, len(rows))


def submit(rows, event, currency, api_key):
    body = {
        "event": event,
        "currency": currency,
        "items": [{"team": t, "player": p, "amount": str(a)} for (t, p), a in rows.items()],
    }
    resp = requests.post(PAYOUT_API, json=body, timeout=30,
                         headers={"Authorization": f"Bearer {api_key}"})
    resp.raise_for_status()
    return resp.json().get("batch_id")


def main():
    ap = argparse.ArgumentParser(description="prize payout export")
    ap.add_argument("--event", required=True)
    ap.add_argument("--currency", default="EUR")
    ap.add_argument("--placements", default="placements.csv")
    ap.add_argument("--prizes", default="prizes.json")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        rows = split_prizes(load_placements(args.placements), load_prizes(args.prizes))
    except (OSError, KeyError, ValueError) as exc:
        log.error("could not build ledger: %s", exc)
        return 1
    write_csv(rows, f"payouts_{args.event}.csv", args.currency)

    if args.dry_run:
        log.info("dry run, total %.2f %s", sum(rows.values()), args.currency)
        return 0
    api_key = os.environ.get("PAYOUT_API_KEY")
    if not api_key:
        log.error("PAYOUT_API_KEY not set")
        return 2
    try:
        batch = submit(rows, args.event, args.currency, api_key)
    except requests.RequestException as exc:
        log.error("submission failed: %s", exc)
        return 1
    log.info("submitted batch %s", batch)
    return 0


if __name__ == "__main__":
    sys.exit(main())
