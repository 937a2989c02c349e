#!/usr/bin/env python3
"""Receive footfall counter pulses over syslog-style UDP.

The entrance counters can only send to UDP port 514, so the listener has to
start with enough rights to bind it. Once the socket is open it switches to
the unprivileged 'market' account and appends counts to a CSV per day.
"""
import argparse
import ctypes
import ctypes.util
import logging
import pwd
import re
import signal
import socket
from datetime import datetime
from pathlib import Path

log = logging.getLogger("counter_listener")

PULSE_RE = re.compile(r"counter=(?P<gate>[\w-]+)\s+in=(?P<inn>\d+)\s+out=(?P<out>\d+)")


class Identity:
    """Switch the process identity through libc, the way the old C daemon did."""

    def __init__(self, account):
        self.entry = pwd.getpwnam(account)
        self.libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def _call(self, name, *args):
        fn = getattr(self.libc, name)
        if fn(*args) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{name} failed")

    def assume(self):
        uid, gid = self.entry.pw_uid, self.entry.pw_gid
        groups = (ctypes.c_uint * 1)(gid)
        steps = [
            ("setgroups", ctypes.c_size_t(1), groups),
            ("setresgid", gid, gid, gid),
            ("setresuid", uid, uid, uid),
        ]
        for name, *args in steps:
            self._call(name, *args)
            log.debug("%s ok", name)
        log.info("now running as %s (%d:%d)", self.entry.pw_name, uid, gid)


class PulseLog:
    def __init__(self, directory):
        self.directory = Path(directory)
        self.directory.mkdir(parents=True, exist_ok=True)

    def append(self, gate, inn, out, sender):
        now = datetime.now()
        path = self.directory / f"{now:%Y-%m-%d}.csv"
        new = not path.exists()
        with path.open("a") as fh:
            if new:
                fh.write("timestamp,gate,in,out,sender\n")
            fh.write(f"{now.isoformat(timespec='seconds')},{gate},{inn},{out},{sender}\n")


def serve(sock, pulses):
    running = True

    def stop(*_):
        nonlocal running
        running = False

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    sock.settimeout(1.0)
    while running:
        try:
            data, addr = sock.recvfrom(2048)
        except socket.timeout:
            continue
        m = PULSE_RE.search(data.decode("utf-8", "replace"))
        if not m:
            log.debug("ignored datagram from %s", addr[0])
            continue
        pulses.append(m["gate"], int(m["inn"]), int(m["out"]), addr[0])


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--listen", default="198.51.100.10", help="office LAN address")
    parser.add_argument("--port", type=int, default=514)
    parser.add_argument("--user", default="market")
    parser.add_argument("--data", default="footfall")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.bind((args.listen, args.port))
    log.info("listening on %s:%d", args.listen, args.port)

    try:
        Identity(args.user).assume()
    except (KeyError, OSError) as exc:
        log.error("could not switch to %s: %s", args.user, exc)
        return 1

    serve(sock, PulseLog(args.data))
    sock.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
