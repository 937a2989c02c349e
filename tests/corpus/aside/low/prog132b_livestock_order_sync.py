#!/usr/bin/env python3
"""Push pending livestock orders from the shop till export to the wholesaler.

The till drops a CSV of livestock orders (fish, corals, inverts) into
./exports every evening.  This script groups them by supplier SKU, posts
them to the wholesaler's ordering API and remembers which order numbers were
accepted so nothing is ordered twice.

Environment:
    LIVESTOCK_API_KEY   API key issued by the wholesaler (required)
    LIVESTOCK_API_URL   override the API base URL
"""
import argparse
import csv
import json
import logging
import os
import sys
from collections import defaultdict
from pathlib import Path

import requests

API_URL = os.environ.get("LIVESTOCK_API_URL", "https://orders.example-wholesale.com/api/v2")
STATE_FILE = Path(".order_sync_state.json")
log = logging.getLogger("order_sync")


def load_state():
    if STATE_FILE.exists():
        try:
            return json.loads(STATE_FILE.read_text())
        except json.JSONDecodeError:
            log.warning("state file corrupt, starting fresh")
    return {"sent": []}


def save_state(state):
    STATE_FILE.write_text(json.dumps(state, indent=2))
    STATE_FILE.chmod(0o600)


def read_exports(export_dir):
    for path in sorted(Path(export_dir).glob("orders-*.csv")):
        with path.open(newline="") as fh:
            for row in csv.DictReader(fh):
                row["_source"] = path.name
                yield row


def build_batch(rows, already_sent):
    lines = defaultdict(lambda: {"qty": 0, "orders": []})
    for row in rows:
        order_no = row.get("order_no", "").strip()
        if not order_no or order_no in already_sent:
            continue
        sku = row.get("supplier_sku", "").strip()
        if not sku:
            log.warning("order %s in %s has no supplier SKU", order_no, row["_source"])
            continue
        try:
            qty = int(row.get("qty", "0"))
        except ValueError:
            log.warning("bad quantity on order %s", order_no)
            continue
        entry = lines[sku]
        entry["qty"] += qty
        entry["orders"].append(order_no)
        entry["note"] = row.get("note", "")
    return lines


class WholesaleClient:
    def __init__(self, base_url, api_key, timeout=20):
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "Content-Type": "application/json",
        })

    def submit(self, account, lines):
        body = {
            "account": account,
            "lines": [{"sku": sku, "qty": v["qty"], "reference": ",".join(v["orders"]),
                       "note": v.get("note", "")} for sku, v in lines.items()],
        }
        resp = self.session.post(f"{self.base_url}/orders", json=body, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--exports", default="exports", help="directory with till CSV exports")
    ap.add_argument("--account", default=os.environ.get("LIVESTOCK_ACCOUNT", "SHOP-0001"))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("LIVESTOCK_API_KEY")
    if not api_key:
        log.error("LIVESTOCK_API_KEY is not set")
        return 2

    state = load_state()
    lines = build_batch(read_exports(args.exports), set(state["sent"]))
    if not lines:
        log.info("nothing new to order")
        return 0
    log.info("%d SKUs across %d orders ready", len(lines),
             sum(len(v["orders"]) for v in lines.values()))
    if args.dry_run:
        print(json.dumps(lines, indent=2))
        return 0

    client = WholesaleClient(API_URL, api_key)
    try:
        result = client.submit(args.account, lines)
    except requests.HTTPError as exc:
        log.error("wholesaler rejected batch: %s %s", exc.response.status_code, exc.response.text[:300])
        return 1
    except requests.RequestException as exc:
        log.error("could not reach wholesaler: %s", exc)
        return 1

    for v in lines.values():
        state["sent"].extend(v["orders"])
    save_state(state)
    log.info("accepted as wholesaler order %s", result.get("order_id", "?"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
