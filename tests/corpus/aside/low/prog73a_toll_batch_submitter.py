#!/usr/bin/env python3
"""Summarise a toll-plaza transaction batch and submit it to the clearing API.

Reads the lane controller's CSV export, totals transactions per lane and
payment class, flags lanes with a high read-failure rate and submits the
summary to the back-office clearing service's batch endpoint.
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

LOG = logging.getLogger("toll-submit")

CLEARING_URL = os.environ.get(
    "TOLL_CLEARING_URL",
    "https://clearing.tollops.example.com/v1/batches",
)
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
    """Host context attached to each submission."""
    return {
        "host": socket.gethostname(),
        "python": platform.python_version(),
        "generated": datetime.now(timezone.utc).isoformat(timespec="seconds"),
    }


def build_payload(batch_name, lanes, amounts, flagged):
    return {
        "batch": batch_name,
        "transactions": sum(c["total"] for c in lanes.values()),
        "lanes": {lane: dict(counts) for lane, counts in sorted(lanes.items())},
        "amounts_cents": dict(amounts),
        "flagged_lanes": [{"lane": lane, "fail_pct": pct} for lane, pct in flagged],
        "context": runtime_context(),
    }


def submit(url, payload, api_key, timeout=15):
    parts = urllib.parse.urlsplit(url)
    conn_cls = http.client.HTTPSConnection if parts.scheme == "https" else http.client.HTTPConnection
    conn = conn_cls(parts.hostname, parts.port, timeout=timeout)
    path = parts.path + (f"?{parts.query}" if parts.query else "")
    body = json.dumps(payload).encode()
    try:
        conn.request("POST", path, body=body, headers={
            "Content-Type": "application/json",
            "Authorization": f"Bearer {api_key}",
        })
        resp = conn.getresponse()
        data = resp.read()
        if resp.status >= 300:
            raise RuntimeError(f"clearing API returned {resp.status}: {data[:200]!r}")
        return json.loads(data or b"{}")
    finally:
        conn.close()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("batch_csv")
    ap.add_argument("--print-only", action="store_true",
                    help="print the payload instead of submitting it")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        lanes, amounts = read_batch(args.batch_csv)
    except (OSError, csv.Error) as exc:
        LOG.error("cannot read batch %s: %s", args.batch_csv, exc)
        return 2

    payload = build_payload(os.path.basename(args.batch_csv), lanes, amounts, flag_lanes(lanes))
    if args.print_only:
        print(json.dumps(payload, indent=2))
        return 0

    api_key = os.environ.get("TOLL_CLEARING_API_KEY")
    if not api_key:
        LOG.error("TOLL_CLEARING_API_KEY is not set")
        return 2
    try:
        result = submit(CLEARING_URL, payload, api_key)
    except (OSError, RuntimeError, ValueError) as exc:
        LOG.error("submission failed: %s", exc)
        return 1
    LOG.info("batch %s accepted, receipt %s", args.batch_csv, result.get("receipt_id", "n/a"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
