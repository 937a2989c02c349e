#!/usr/bin/env python3
"""Refresh the door-signage screens from the hall booking system.

The small screens outside each room run a signage container
("hall-signage") that reads ./signage/today.json. This job pulls today's
bookings from the booking system's API, writes that file and then asks the
Docker engine to restart the container so the screens pick up the change.
Run it from cron on the signage box every 15 minutes.

Environment:
    BOOKING_API      base URL of the booking system
    BOOKING_API_KEY  read-only API key
"""

import argparse
import datetime as dt
import http.client
import json
import logging
import os
import socket
import sys
import urllib.parse
import urllib.request
from pathlib import Path

LOG = logging.getLogger("signage-refresh")

OUT_FILE = Path("signage/today.json")


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTPConnection over a unix domain socket."""

    def __init__(self, socket_path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = socket_path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class Engine:
    api_version = "v1.43"

    def __init__(self, sock_path=None):
        host = os.environ.get("DOCKER_HOST", "unix:///var/run/docker.sock")
        self.sock_path = sock_path or host.replace("unix://", "", 1)

    def _call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        try:
            headers = {"Content-Type": "application/json"} if body is not None else {}
            conn.request(method, "/%s%s" % (self.api_version, path),
                         body=json.dumps(body) if body is not None else None, headers=headers)
            resp = conn.getresponse()
            data = resp.read()
            return resp.status, (json.loads(data) if data.strip() else None)
        finally:
            conn.close()

    def state(self, name):
        status, info = self._call("GET", "/containers/%s/json" % urllib.parse.quote(name))
        if status == 404:
            return None
        return info["State"]["Status"]

    def restart(self, name, grace=5):
        status, info = self._call("POST", "/containers/%s/restart?t=%d"
                                  % (urllib.parse.quote(name), grace))
        if status not in (204, 304):
            raise RuntimeError("restart of %s failed: %s %s" % (name, status, info))


def fetch_bookings(base, key, day):
    q = urllib.parse.urlencode({"date": day.isoformat(), "status": "confirmed"})
    req = urllib.request.Request("%s/api/bookings?%s" % (base.rstrip("/"), q),
                                 headers={"X-API-Key": key, "Accept": "application/json"})
    with urllib.request.urlopen(req, timeout=15) as resp:
        return json.load(resp)["bookings"]


def to_signage(bookings):
    rooms = {}
    for b in sorted(bookings, key=lambda b: b["start"]):
        rooms.setdefault(b["room"], []).append({
            "title": b.get("public_title") or "Private booking",
            "start": b["start"][11:16],
            "end": b["end"][11:16],
        })
    return {"generated": dt.datetime.now().isoformat(timespec="seconds"), "rooms": rooms}


def write_if_changed(data):
    text = json.dumps(data, indent=2, sort_keys=True)
    old = OUT_FILE.read_text() if OUT_FILE.exists() else None
    strip = lambda s: {k: v for k, v in json.loads(s).items() if k != "generated"}
    if old and strip(old) == strip(text):
        return False
    OUT_FILE.parent.mkdir(parents=True, exist_ok=True)
    tmp = OUT_FILE.with_suffix(".tmp")
    tmp.write_text(text)
    os.replace(tmp, OUT_FILE)
    return True


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--container", default="hall-signage")
    ap.add_argument("--date", type=dt.date.fromisoformat, default=dt.date.today())
    ap.add_argument("--no-restart", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    base, key = os.environ.get("BOOKING_API"), os.environ.get("BOOKING_API_KEY")
    if not base or not key:
        LOG.error("BOOKING_API and BOOKING_API_KEY must be set")
        return 2
    try:
        bookings = fetch_bookings(base, key, args.date)
    except (OSError, ValueError, KeyError) as exc:
        LOG.error("booking system unavailable: %s", exc)
        return 1

    if not write_if_changed(to_signage(bookings)):
        LOG.info("no change in %d bookings", len(bookings))
        return 0
    LOG.info("wrote %s (%d bookings)", OUT_FILE, len(bookings))
    if args.no_restart:
        return 0

    engine = Engine()
    try:
        if engine.state(args.container) is None:
            LOG.error("container %s not found", args.container)
            return 1
        engine.restart(args.container)
        LOG.info("restarted %s", args.container)
    except (OSError, RuntimeError) as exc:
        LOG.error("could not restart signage: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
