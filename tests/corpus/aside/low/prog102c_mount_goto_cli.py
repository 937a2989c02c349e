#!/usr/bin/env python3
"""
mount_goto_cli - small LX200-protocol client for WiFi/serial-bridge mounts.

Talks to a SkyFi / StarSense style TCP bridge (default 10.0.0.1:4030) and
lets you slew, sync, park and read back position from the command line.
Targets can be given as RA/Dec or picked from a small local catalogue file
(catalogue.json in the working directory).
"""

import argparse
import json
import logging
import socket
import sys
import time
from pathlib import Path

log = logging.getLogger("mountcli")

DEFAULT_HOST = "10.0.0.1"
DEFAULT_PORT = 4030
CATALOGUE = Path("catalogue.json")


class LX200Error(RuntimeError):
    pass


class LX200Mount:
    """Minimal Meade LX200 command set over a TCP bridge."""

    def __init__(self, host, port, timeout=5.0):
        self.host = host
        self.port = port
        self.timeout = timeout
        self._sock = None

    def __enter__(self):
        self.connect()
        return self

    def __exit__(self, *exc):
        self.close()

    def connect(self, retries=3):
        last = None
        for attempt in range(1, retries + 1):
            try:
                self._sock = socket.create_connection((self.host, self.port), timeout=self.timeout)
                log.info("connected to mount at %s:%d", self.host, self.port)
                return
            except OSError as exc:
                last = exc
                log.warning("connect attempt %d failed: %s", attempt, exc)
                time.sleep(attempt)
        raise LX200Error(f"mount unreachable: {last}")

    def close(self):
        if self._sock:
            self._sock.close()
            self._sock = None

    def _cmd(self, text, reply=True, terminator=b"#"):
        self._sock.sendall(text.encode("ascii"))
        if not reply:
            return ""
        buf = b""
        while not buf.endswith(terminator):
            chunk = self._sock.recv(64)
            if not chunk:
                raise LX200Error("bridge closed connection")
            buf += chunk
            if len(buf) == 1 and terminator == b"":
                break
        return buf.decode("ascii", "replace").rstrip("#")

    def _single(self, text):
        self._sock.sendall(text.encode("ascii"))
        return self._sock.recv(1).decode("ascii", "replace")

    def position(self):
        return self._cmd(":GR#"), self._cmd(":GD#")

    def set_target(self, ra, dec):
        if self._single(f":Sr{ra}#") != "1":
            raise LX200Error(f"mount rejected RA {ra}")
        if self._single(f":Sd{dec}#") != "1":
            raise LX200Error(f"mount rejected Dec {dec}")

    def slew(self, ra, dec):
        self.set_target(ra, dec)
        status = self._single(":MS#")
        if status != "0":
            raise LX200Error(f"slew refused (code {status}): below horizon?")

    def sync(self, ra, dec):
        self.set_target(ra, dec)
        return self._cmd(":CM#")

    def park(self):
        self._cmd(":hP#", reply=False)

    def abort(self):
        self._cmd(":Q#", reply=False)


def load_catalogue():
    if not CATALOGUE.exists():
        return {}
    with CATALOGUE.open() as fh:
        return {k.lower(): v for k, v in json.load(fh).items()}


def resolve_target(args):
    if args.object:
        cat = load_catalogue()
        entry = cat.get(args.object.lower())
        if not entry:
            sys.exit(f"{args.object} not in {CATALOGUE}")
        return entry["ra"], entry["dec"]
    if not (args.ra and args.dec):
        sys.exit("need --object or both --ra and --dec")
    return args.ra, args.dec


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    ap.add_argument("--host", default=DEFAULT_HOST)
    ap.add_argument("--port", type=int, default=DEFAULT_PORT)
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="action", required=True)
    for name in ("goto", "sync"):
        p = sub.add_parser(name)
        p.add_argument("--object")
        p.add_argument("--ra", help="HH:MM:SS")
        p.add_argument("--dec", help="sDD*MM:SS")
    sub.add_parser("where")
    sub.add_parser("park")
    sub.add_parser("stop")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        with LX200Mount(args.host, args.port) as mount:
            if args.action == "where":
                ra, dec = mount.position()
                print(f"RA {ra}  Dec {dec}")
            elif args.action == "goto":
                ra, dec = resolve_target(args)
                mount.slew(ra, dec)
                print(f"slewing to {ra} {dec}")
            elif args.action == "sync":
                ra, dec = resolve_target(args)
                print(mount.sync(ra, dec))
            elif args.action == "park":
                mount.park()
                print("parking")
            elif args.action == "stop":
                mount.abort()
                print("motion stopped")
    except LX200Error as exc:
        log.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
