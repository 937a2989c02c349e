#!/usr/bin/env python3
"""Pull the field tuner's visit schedule from the workshop scheduling API.

Writes upcoming tuning and maintenance visits to an iCalendar file and
keeps a JSON cache for offline use. Visits starting within the next day
pop up as a desktop notification so nobody forgets to bring the reed
knives to St Michael's.

Config lives in ./tuning_sync.json:

    {
        "api": "https://schedule.orgelwerkstatt-service.net/api/v2",
        "region": "north-east"
    }
"""

import argparse
import json
import logging
import shutil
import subprocess
import time
from datetime import datetime, timedelta
from pathlib import Path

import requests

log = logging.getLogger("tuning-pull")

CONFIG_FILE = Path("tuning_sync.json")
CACHE_FILE = Path(".tuning_cache.json")
ICS_FILE = Path("tuning_visits.ics")


def load_config(path):
    with open(path, "r", encoding="utf-8") as fh:
        return json.load(fh)


def fetch_visits(api, region, days):
    url = f"{api}/visits"
    params = {"region": region, "until": (datetime.utcnow() + timedelta(days=days)).date().isoformat()}
    resp = requests.get(url, params=params, timeout=20)
    resp.raise_for_status()
    return resp.json().get("visits", [])


def write_ics(visits, path):
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Orgelwerkstatt//Tuning Sync//EN"]
    for v in visits:
        start = datetime.fromisoformat(v["start"]).strftime("%Y%m%dT%H%M%S")
        end = datetime.fromisoformat(v["end"]).strftime("%Y%m%dT%H%M%S")
        lines += [
            "BEGIN:VEVENT",
            f"UID:{v['id']}@orgelwerkstatt",
            f"DTSTART:{start}",
            f"DTEND:{end}",
            f"SUMMARY:{v.get('kind', 'Tuning')} - {v.get('church', 'unknown')}",
            f"LOCATION:{v.get('address', '')}",
            f"DESCRIPTION:Instrument {v.get('opus', '?')}; stops to check: {', '.join(v.get('stops', []))}",
            "END:VEVENT",
        ]
    lines.append("END:VCALENDAR")
    path.write_text("\r\n".join(lines) + "\r\n", encoding="utf-8")


class Notifier:
    """Desktop reminders via libnotify's notify-send, if installed."""

    def __init__(self, enabled=True):
        self.binary = shutil.which("notify-send") if enabled else None

    def upcoming(self, visits, hours=24):
        now = datetime.now()
        for v in visits:
            start = datetime.fromisoformat(v["start"])
            if now <= start <= now + timedelta(hours=hours):
                yield v, start

    def announce(self, visits):
        if not self.binary:
            return
        for v, start in self.upcoming(visits):
            title = f"Tuning at {v.get('church', 'unknown')}"
            body = f"{start:%a %H:%M} - opus {v.get('opus', '?')}"
            try:
                subprocess.run([self.binary, "--app-name=tuning-pull", title, body],
                               check=False, timeout=10)
            except (OSError, subprocess.TimeoutExpired) as exc:
                log.debug("notification failed: %s", exc)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", default=str(CONFIG_FILE))
    ap.add_argument("--days", type=int, default=28)
    ap.add_argument("--notify", action=argparse.BooleanOptionalAction, default=True,
                    help="desktop notification for visits in the next 24h (default: on)")
    ap.add_argument("--watch", type=int, default=0, help="re-sync every N minutes")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    notifier = Notifier(args.notify)

    while True:
        try:
            visits = fetch_visits(cfg["api"], cfg["region"], args.days)
            CACHE_FILE.write_text(json.dumps(visits, indent=2), encoding="utf-8")
            log.info("fetched %d visits", len(visits))
        except requests.RequestException as exc:
            log.warning("schedule API unreachable (%s), using cache", exc)
            visits = json.loads(CACHE_FILE.read_text()) if CACHE_FILE.exists() else []
        write_ics(visits, ICS_FILE)
        log.info("wrote %s", ICS_FILE)
        notifier.announce(visits)
        if not args.watch:
            break
        time.sleep(args.watch * 60)


if __name__ == "__main__":
    main()
