#!/usr/bin/env python3
"""Bridge between the deck oven controller's RS-485 port and the bakery's
bake log.

Polls the oven controller for deck temperatures and steam state, writes a
CSV bake log, and lets the boiling-kettle timer app read the latest values
from a small JSON file. Started at boot as root so it can claim the serial
adapter before anything else grabs it; then runs as the bakery user.
"""

import argparse
import csv
import grp
import json
import logging
import os
import pwd
import sys
import time
from datetime import datetime
from pathlib import Path

import serial  # pyserial

log = logging.getLogger("oven-bridge")

POLL_CMD = b"\x02RD DECKS\x03"
DECK_COUNT = 4


class OvenLink:
    def __init__(self, port: str, baud: int = 9600):
        self.port = port
        self.baud = baud
        self.ser = None

    def open(self):
        self.ser = serial.Serial(self.port, self.baud, bytesize=8, parity="N",
                                 stopbits=1, timeout=2)
        log.info("opened %s at %d baud", self.port, self.baud)

    def poll(self):
        self.ser.reset_input_buffer()
        self.ser.write(POLL_CMD)
        raw = self.ser.read_until(b"\x03", size=128)
        if not raw.startswith(b"\x02") or not raw.endswith(b"\x03"):
            raise ValueError(f"bad frame {raw!r}")
        fields = raw[1:-1].decode("ascii").split(",")
        decks = [float(x) / 10 for x in fields[:DECK_COUNT]]
        steam = fields[DECK_COUNT] == "1" if len(fields) > DECK_COUNT else None
        return decks, steam


def drop_to(user: str, group: str):
    """Give up root once the device is open."""
    if os.getuid() != 0:
        log.debug("not root, nothing to drop")
        return
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid
    extra = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem]
    os.setgroups(extra)
    os.setgid(gid)
    os.setuid(pw.pw_uid)
    os.environ["HOME"] = pw.pw_dir
    os.umask(0o027)
    log.info("now running as %s:%s", user, group)


class BakeLog:
    def __init__(self, folder: Path):
        self.folder = folder
        self.folder.mkdir(parents=True, exist_ok=True)

    def write(self, decks, steam):
        path = self.folder / f"bake_{datetime.now():%Y-%m-%d}.csv"
        new = not path.exists()
        with path.open("a", newline="") as fh:
            w = csv.writer(fh)
            if new:
                w.writerow(["time"] + [f"deck{i+1}_c" for i in range(DECK_COUNT)] + ["steam"])
            w.writerow([datetime.now().strftime("%H:%M:%S")] + decks + [steam])

    def latest(self, decks, steam):
        tmp = self.folder / ".latest.tmp"
        tmp.write_text(json.dumps({"ts": time.time(), "decks": decks, "steam": steam}))
        tmp.replace(self.folder / "latest.json")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", default="/dev/ttyUSB0")
    ap.add_argument("--baud", type=int, default=9600)
    ap.add_argument("--user", default="bakery")
    ap.add_argument("--group", default="dialout")
    ap.add_argument("--logdir", type=Path, default=Path("bake_logs"))
    ap.add_argument("--interval", type=float, default=15.0)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    link = OvenLink(args.port, args.baud)
    try:
        link.open()
    except serial.SerialException as exc:
        log.error("cannot open %s: %s", args.port, exc)
        return 1

    try:
        drop_to(args.user, args.group)
    except (KeyError, PermissionError) as exc:
        log.error("privilege drop failed: %s", exc)
        return 1

    bake = BakeLog(args.logdir)
    errors = 0
    while True:
        try:
            decks, steam = link.poll()
            bake.write(decks, steam)
            bake.latest(decks, steam)
            errors = 0
        except (ValueError, serial.SerialException) as exc:
            errors += 1
            log.warning("poll failed (%d): %s", errors, exc)
            if errors > 20:
                log.error("oven controller not answering, exiting")
                return 1
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
