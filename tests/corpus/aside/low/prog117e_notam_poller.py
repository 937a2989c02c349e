#!/usr/bin/env python3
"""Poll the NOTAM service for restrictions touching our booked survey areas.

Each cycle it fetches NOTAMs around every booked site in sites.json, keeps
the ones whose validity overlaps the booking, and writes new ones to
spool/ as JSON for the dispatcher to pick up. Runs under the ops user from
a terminal or a tmux pane on the ops box.
"""
import argparse
import json
import logging
import math
import os
import sys
import time
import urllib.parse
import urllib.request
from datetime import datetime, timezone
from pathlib import Path

API = os.environ.get("NOTAM_API", "https://external-api.faa.gov/notamapi/v1/notams")
log = logging.getLogger("notam-poller")


def dist_nm(lat1, lon1, lat2, lon2):
    x = math.radians(lon2 - lon1) * math.cos(math.radians((lat1 + lat2) / 2))
    y = math.radians(lat2 - lat1)
    return 3440.065 * math.hypot(x, y)


def fetch(site: dict, client_id: str, secret: str) -> list:
    q = urllib.parse.urlencode({
        "locationLatitude": site["lat"], "locationLongitude": site["lon"],
        "locationRadius": site.get("radius_nm", 10), "pageSize": 200,
    })
    req = urllib.request.Request(f"{API}?{q}", headers={"client_id": client_id, "client_secret": secret})
    with urllib.request.urlopen(req, timeout=30) as resp:
        return json.load(resp).get("items", [])


def relevant(item: dict, site: dict) -> bool:
    core = item.get("properties", {}).get("coreNOTAMData", {}).get("notam", {})
    try:
        start = datetime.fromisoformat(core["effectiveStart"].replace("Z", "+00:00"))
        end_raw = core.get("effectiveEnd", "PERM")
        end = datetime.max.replace(tzinfo=timezone.utc) if end_raw in ("PERM", "") else \
            datetime.fromisoformat(end_raw.replace("Z", "+00:00"))
    except (KeyError, ValueError):
        return True
    b0 = datetime.fromisoformat(site["from"]).replace(tzinfo=timezone.utc)
    b1 = datetime.fromisoformat(site["to"]).replace(tzinfo=timezone.utc)
    return start <= b1 and end >= b0


def poll_once(sites, spool: Path, seen: set, creds) -> int:
    new = 0
    for site in sites:
        try:
            items = fetch(site, *creds)
        except OSError as exc:
            log.warning("%s: fetch failed: %s", site["name"], exc)
            continue
        for item in items:
            nid = item.get("properties", {}).get("coreNOTAMData", {}).get("notam", {}).get("id")
            if not nid or nid in seen or not relevant(item, site):
                continue
            seen.add(nid)
            (spool / f"{site['name']}_{nid}.json").write_text(json.dumps(item, indent=1))
            new += 1
    return new


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="NOTAM poller for booked survey sites")
    ap.add_argument("--sites", type=Path, default=Path("sites.json"))
    ap.add_argument("--spool", type=Path, default=Path("spool"))
    ap.add_argument("--interval", type=int, default=900)
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    creds = (os.environ.get("NOTAM_CLIENT_ID", ""), os.environ.get("NOTAM_CLIENT_SECRET", ""))
    if not all(creds):
        log.error("NOTAM_CLIENT_ID / NOTAM_CLIENT_SECRET not set")
        return 2
    try:
        sites = json.loads(args.sites.read_text())
    except (OSError, json.JSONDecodeError) as exc:
        log.error("cannot load %s: %s", args.sites, exc)
        return 2
    args.spool.mkdir(parents=True, exist_ok=True)

    seen = {p.stem.split("_", 1)[-1] for p in args.spool.glob("*.json")}
    try:
        while True:
            n = poll_once(sites, args.spool, seen, creds)
            log.info("cycle done, %d new NOTAM(s)", n)
            if args.once:
                return 0
            time.sleep(args.interval)
    except KeyboardInterrupt:
        log.info("stopped")
        return 0


if __name__ == "__main__":
    sys.exit(main())
