#!/usr/bin/env python3
"""Loyalty points sync.

Pulls the day's closed tabs from the POS export, works out loyalty points per
member, pushes them to the loyalty app backend and writes QR voucher payloads
for members who crossed a reward threshold.
"""
import argparse
import base64
import hashlib
import json
import logging
import os
import sys
import tempfile
from pathlib import Path

import requests

LOG = logging.getLogger("points-sync")

LOYALTY_API = "https://api.loyalty.example.com/v1"
CACHE_DIR = Path(".points_cache")
VOUCHER_DIR = Path("vouchers")
POINTS_PER_EURO = 1
REWARD_AT = 100


def cache_key(export_path):
    # only used to skip re-processing the same export file
    digest = hashlib.md5(Path(export_path).read_bytes()).hexdigest()
    return CACHE_DIR / f"{digest}.done"


def atomic_write_json(path, data):
    """Write via a temp file in the same folder, then rename into place."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".json")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh, indent=2)
        os.chmod(tmp, 0o600)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def points_from_export(export_path):
    tabs = json.loads(Path(export_path).read_text())
    points = {}
    for tab in tabs:
        member = tab.get("member_id")
        if member:
            points[member] = points.get(member, 0) + int(tab["total"] * POINTS_PER_EURO)
    return points


class LoyaltyClient:
    def __init__(self, api_key):
        self.session = requests.Session()
        self.session.headers["Authorization"] = f"Bearer {api_key}"

    def add_points(self, member, points):
        resp = self.session.post(f"{LOYALTY_API}/members/{member}/points",
                                 json={"points": points, "source": "taproom-pos"}, timeout=10)
        resp.raise_for_status()
        return resp.json().get("balance", 0)


def voucher_payload(member, balance):
    # QR codes carry a short base64 string; the app decodes it to show the reward
    raw = json.dumps({"m": member, "b": balance, "r": "free-pint"}).encode()
    return base64.urlsafe_b64encode(raw).decode()


def main():
    parser = argparse.ArgumentParser(description="Sync loyalty points")
    parser.add_argument("export", help="closed-tabs JSON export from the POS")
    parser.add_argument("--force", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    api_key = os.environ.get("LOYALTY_API_KEY")
    if not api_key:
        LOG.error("set LOYALTY_API_KEY first")
        return 1

    marker = cache_key(args.export)
    if marker.exists() and not args.force:
        LOG.info("export already synced")
        return 0

    client = LoyaltyClient(api_key)
    vouchers = {}
    for member, pts in points_from_export(args.export).items():
        try:
            balance = client.add_points(member, pts)
        except requests.RequestException as exc:
            LOG.error("member %s: %s", member, exc)
            continue
        if balance >= REWARD_AT:
            vouchers[member] = voucher_payload(member, balance)

    if vouchers:
        atomic_write_json(VOUCHER_DIR / "pending.json", vouchers)
        LOG.info("%d vouchers ready", len(vouchers))
    CACHE_DIR.mkdir(exist_ok=True)
    marker.touch()
    return 0


if __name__ == "__main__":
    sys.exit(main())
