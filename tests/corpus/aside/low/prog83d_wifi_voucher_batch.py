#!/usr/bin/env python3
"""Generate a batch of guest Wi-Fi vouchers and register them with the controller.

Reception hands out one voucher per bed at check-in. This makes a batch
of codes, stores them in a CSV in the working directory (printed onto the
key-card sleeves by the label printer), and registers the batch with the
Wi-Fi controller's hotspot API so the portal accepts them.
"""

import argparse
import csv
import logging
import os
import secrets
import string
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

import requests

log = logging.getLogger("vouchers")

ALPHABET = "".join(c for c in string.ascii_uppercase + string.digits if c not in "0O1IL")
DEFAULT_CONTROLLER = "https://wifi-controller.harbour-hostel.example/api/hotspot/v1"


def make_code(groups=3, size=4):
    return "-".join("".join(secrets.choice(ALPHABET) for _ in range(size))
                    for _ in range(groups))


def make_batch(count, valid_hours, quota_mb, down_kbps):
    expires = datetime.now(timezone.utc) + timedelta(hours=valid_hours)
    seen = set()
    while len(seen) < count:
        code = make_code()
        if code in seen:
            continue
        seen.add(code)
        yield {
            "code": code,
            "expires": expires.isoformat(timespec="minutes"),
            "quota_mb": quota_mb,
            "down_kbps": down_kbps,
            "status": "open",
        }


def write_csv(path, vouchers):
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(vouchers[0]))
        writer.writeheader()
        writer.writerows(vouchers)
    os.chmod(path, 0o600)
    log.info("%d vouchers written to %s", len(vouchers), path)


def register(controller, api_key, site, vouchers, note):
    resp = requests.post(
        f"{controller.rstrip('/')}/sites/{site}/vouchers",
        headers={"Authorization": f"Bearer {api_key}"},
        json={"note": note, "vouchers": vouchers},
        timeout=20,
    )
    if resp.status_code == 409:
        raise RuntimeError("controller reports duplicate codes, regenerate the batch")
    resp.raise_for_status()
    return resp.json().get("batch_id")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", "--count", type=int, default=40)
    ap.add_argument("--hours", type=int, default=72, help="validity in hours")
    ap.add_argument("--quota-mb", type=int, default=4096)
    ap.add_argument("--down-kbps", type=int, default=20000)
    ap.add_argument("--site", default="default")
    ap.add_argument("--controller", default=os.environ.get("WIFI_CONTROLLER", DEFAULT_CONTROLLER))
    ap.add_argument("--out-dir", type=Path, default=Path("vouchers"))
    ap.add_argument("--offline", action="store_true", help="only write the CSV")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.count < 1 or args.count > 500:
        log.error("batch size must be between 1 and 500")
        return 2

    vouchers = list(make_batch(args.count, args.hours, args.quota_mb, args.down_kbps))
    stamp = datetime.now().strftime("%Y%m%d-%H%M")
    out = args.out_dir / f"vouchers_{stamp}.csv"
    write_csv(out, vouchers)

    if args.offline:
        return 0
    api_key = os.environ.get("WIFI_CONTROLLER_KEY")
    if not api_key:
        log.error("WIFI_CONTROLLER_KEY not set; rerun with --offline to skip registration")
        return 2
    try:
        batch_id = register(args.controller, api_key, args.site, vouchers,
                            note=f"reception batch {stamp}")
    except (requests.RequestException, RuntimeError) as exc:
        log.error("registration failed: %s", exc)
        return 1
    log.info("batch %s registered on site %s", batch_id, args.site)
    return 0


if __name__ == "__main__":
    sys.exit(main())
