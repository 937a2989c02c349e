#!/usr/bin/env python3
"""Push harvest batch records to the seafood traceability register.

Reads the harvest CSV exports dropped by the wellboat / slaughter line into
./batches, aggregates them per batch and posts one traceability event per
batch.  Batches already accepted are recorded in ./.trace_sent.json so the
script can run from a timer without duplicating events.

CSV columns: batch_id,pen,harvest_date,fish_count,live_weight_kg,
             bled_weight_kg,water_temp_c,slaughter_site
"""
import argparse
import csv
import json
import logging
import os
import sys
from collections import defaultdict
from datetime import datetime, timezone
from pathlib import Path

import requests

LOG = logging.getLogger("harvest-trace")
DEFAULT_API = "https://trace.seafood-register.example/v1/events"
LEDGER = Path(".trace_sent.json")


def load_ledger():
    if LEDGER.exists():
        return set(json.loads(LEDGER.read_text()))
    return set()


def save_ledger(sent):
    LEDGER.write_text(json.dumps(sorted(sent), indent=1))
    os.chmod(LEDGER, 0o600)


def read_batches(folder):
    batches = defaultdict(lambda: {"rows": 0, "fish_count": 0, "live_kg": 0.0,
                                   "bled_kg": 0.0, "temps": [], "pens": set()})
    for path in sorted(Path(folder).glob("*.csv")):
        with path.open(newline="", encoding="utf-8") as fh:
            for lineno, row in enumerate(csv.DictReader(fh), start=2):
                try:
                    b = batches[row["batch_id"].strip()]
                    b["rows"] += 1
                    b["fish_count"] += int(row["fish_count"])
                    b["live_kg"] += float(row["live_weight_kg"])
                    b["bled_kg"] += float(row["bled_weight_kg"])
                    b["temps"].append(float(row["water_temp_c"]))
                    b["pens"].add(row["pen"].strip())
                    b["harvest_date"] = row["harvest_date"]
                    b["site"] = row["slaughter_site"].strip()
                except (KeyError, ValueError) as exc:
                    LOG.warning("%s:%d skipped (%s)", path.name, lineno, exc)
    return batches


def to_event(batch_id, b, farm_id):
    return {
        "eventType": "ObjectEvent",
        "bizStep": "harvesting",
        "eventTime": datetime.now(timezone.utc).isoformat(),
        "batch": batch_id,
        "farm": farm_id,
        "sourcePens": sorted(b["pens"]),
        "harvestDate": b.get("harvest_date"),
        "slaughterSite": b.get("site"),
        "quantity": {"fish": b["fish_count"],
                     "liveWeightKg": round(b["live_kg"], 1),
                     "bledWeightKg": round(b["bled_kg"], 1)},
        "meanWaterTempC": round(sum(b["temps"]) / len(b["temps"]), 2) if b["temps"] else None,
    }


class TraceClient:
    def __init__(self, url, api_key, timeout=20):
        self.url = url
        self.session = requests.Session()
        self.session.headers.update({"X-Api-Key": api_key, "Accept": "application/json"})
        self.timeout = timeout

    def send(self, event):
        resp = self.session.post(self.url, json=event, timeout=self.timeout)
        if resp.status_code == 409:
            LOG.info("batch %s already registered", event["batch"])
            return True
        resp.raise_for_status()
        return True


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--batches", default="batches")
    ap.add_argument("--farm-id", default=os.environ.get("FARM_ID", "NO-13487"))
    ap.add_argument("--api", default=os.environ.get("TRACE_API", DEFAULT_API))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("TRACE_API_KEY")
    if not api_key and not args.dry_run:
        LOG.error("TRACE_API_KEY is not set")
        return 2

    sent = load_ledger()
    batches = read_batches(args.batches)
    pending = [bid for bid in sorted(batches) if bid not in sent]
    LOG.info("%d batches found, %d pending", len(batches), len(pending))

    client = None if args.dry_run else TraceClient(args.api, api_key)
    failures = 0
    for bid in pending:
        event = to_event(bid, batches[bid], args.farm_id)
        if args.dry_run:
            print(json.dumps(event, indent=2))
            continue
        try:
            client.send(event)
            sent.add(bid)
            LOG.info("batch %s registered", bid)
        except requests.RequestException as exc:
            failures += 1
            LOG.error("batch %s failed: %s", bid, exc)
    if not args.dry_run:
        save_ledger(sent)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
