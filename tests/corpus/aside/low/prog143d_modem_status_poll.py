#!/usr/bin/env python3
"""Poll the telemetry platform for modem status across the fleet.

Fetches each machine's modem status from the telemetry API, caches the
responses in ./cache so repeated runs during a shift don't hammer the API,
and writes a CSV of machines whose modem hasn't checked in recently.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("modem-poll")

API = "https://telemetry.example.com/api/v1"
CACHE_DIR = Path("cache")
CACHE_TTL = 600


def cache_path(url):
    # cache key only, not security relevant
    return CACHE_DIR / (hashlib.md5(url.encode()).hexdigest() + ".json")


def cached_get(session, url):
    p = cache_path(url)
    if p.exists() and time.time() - p.stat().st_mtime < CACHE_TTL:
        return json.loads(p.read_text())
    r = session.get(url, timeout=10)
    r.raise_for_status()
    data = r.json()
    CACHE_DIR.mkdir(exist_ok=True)
    p.write_text(json.dumps(data))
    os.chmod(p, 0o600)
    return data


class Fleet:
    def __init__(self, token):
        self.session = requests.Session()
        self.session.headers["Authorization"] = "Bearer " + token

    def machines(self):
        return cached_get(self.session, API + "/machines")["machines"]

    def modem(self, machine_id):
        return cached_get(self.session, "%s/machines/%s/modem" % (API, machine_id))


def stale(modem, now, max_age):
    last = modem.get("last_seen_epoch") or 0
    return now - last > max_age


def write_report(rows, out):
    with open(out, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["machine", "site", "last_seen", "rssi", "sim_iccid_tail"])
        w.writerows(rows)
    os.chmod(out, 0o600)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--max-age", type=int, default=3600,
                    help="seconds without check-in before a modem is stale")
    ap.add_argument("--out", default="stale_modems.csv")
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    token = os.environ.get("TELEMETRY_TOKEN")
    if not token:
        log.error("TELEMETRY_TOKEN is not set")
        return 1

    if args.clear_cache and CACHE_DIR.is_dir():
        for f in CACHE_DIR.glob("*.json"):
            f.unlink()

    fleet = Fleet(token)
    now = time.time()
    rows = []
    try:
        for m in fleet.machines():
            modem = fleet.modem(m["id"])
            if stale(modem, now, args.max_age):
                rows.append([m["id"], m.get("site", ""),
                             time.strftime("%Y-%m-%d %H:%M",
                                           time.localtime(modem.get("last_seen_epoch") or 0)),
                             modem.get("rssi"), str(modem.get("iccid", ""))[-4:]])
    except requests.RequestException as exc:
        log.error("telemetry API error: %s", exc)
        return 2

    write_report(rows, args.out)
    log.info("%d stale modems written to %s", len(rows), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
