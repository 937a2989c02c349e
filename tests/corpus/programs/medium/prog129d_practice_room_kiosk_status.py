#!/usr/bin/env python3
"""Practice-room kiosk agent for the music school booking screens.

Runs on the small touchscreen PCs outside each practice room. It polls the
booking service for the room's schedule, writes the current/next booking to
a JSON file that the kiosk browser page reads, and exposes that state on a
small status endpoint so the front-desk dashboard can show every room.

Configuration lives in kiosk.ini next to this file (see DEFAULTS below).
"""

import argparse
import configparser
import json
import logging
import os
import socket
import threading
import time
import urllib.error
import urllib.request
from datetime import datetime, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

LOG = logging.getLogger("kiosk-agent")

DEFAULTS = {
    "booking": {
        "base_url": "https://bookings.harmonyhall-music.co.uk/api/v2",
        "room_id": "P1",
        "poll_seconds": "60",
    },
    "status": {
        "enabled": "yes",
        "listen": "0.0.0.0",
        "port": "8765",
    },
    "output": {
        "state_file": "kiosk_state.json",
    },
}


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict(DEFAULTS)
    if path.exists():
        cfg.read(path)
        LOG.info("loaded config from %s", path)
    else:
        LOG.warning("no %s found, using defaults", path)
    return cfg


class BookingClient:
    def __init__(self, base_url, room_id, token=None):
        self.base_url = base_url.rstrip("/")
        self.room_id = room_id
        self.token = token or os.environ.get("KIOSK_TOKEN", "")

    def _get(self, path):
        req = urllib.request.Request(f"{self.base_url}{path}")
        if self.token:
            req.add_header("Authorization", f"Bearer {self.token}")
        with urllib.request.urlopen(req, timeout=15) as resp:
            return json.loads(resp.read().decode("utf-8"))

    def schedule(self):
        return self._get(f"/rooms/{self.room_id}/schedule?date=today")

    def heartbeat(self):
        return self._get(f"/rooms/{self.room_id}/heartbeat?host={socket.gethostname()}")


class StatusHandler(BaseHTTPRequestHandler):
    state_file = Path("kiosk_state.json")

    def do_GET(self):
        if self.path != "/status":
            self.send_error(404)
            return
        try:
            body = self.state_file.read_bytes()
        except FileNotFoundError:
            body = b"{}"
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, fmt, *args):
        LOG.debug("status: " + fmt, *args)


def start_status_server(listen, port, state_file):
    StatusHandler.state_file = state_file
    server = ThreadingHTTPServer((listen, port), StatusHandler)
    threading.Thread(target=server.serve_forever, daemon=True, name="status").start()
    LOG.info("status endpoint on %s:%d", listen, port)
    return server


def describe(bookings):
    now = datetime.now(timezone.utc).isoformat()
    current = next((b for b in bookings if b.get("start") <= now < b.get("end")), None)
    upcoming = [b for b in bookings if b.get("start") > now]
    return {
        "updated": now,
        "current": current,
        "next": upcoming[0] if upcoming else None,
    }


def write_state(path, state):
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(state, indent=2))
    tmp.replace(path)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", default=Path(__file__).with_name("kiosk.ini"), type=Path)
    ap.add_argument("--once", action="store_true", help="poll once and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    client = BookingClient(cfg["booking"]["base_url"], cfg["booking"]["room_id"])
    state_file = Path(cfg["output"]["state_file"])

    if cfg["status"].getboolean("enabled") and not args.once:
        start_status_server(cfg["status"]["listen"], cfg["status"].getint("port"), state_file)

    poll = cfg["booking"].getint("poll_seconds")
    while True:
        try:
            data = client.schedule()
            write_state(state_file, describe(data.get("bookings", [])))
            client.heartbeat()
            LOG.info("room %s updated", client.room_id)
        except (urllib.error.URLError, ValueError) as exc:
            LOG.error("poll failed: %s", exc)
        if args.once:
            break
        time.sleep(poll)


if __name__ == "__main__":
    main()
