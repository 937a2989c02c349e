#!/usr/bin/env python3
"""Record SocketCAN traffic to rotating BLF/CSV files for later analysis.

Typical use on the robot's CAN interface:

    can_bus_recorder.py -i can0 --filter 0x180-0x1FF --format blf

Files are written to ./can_logs/ and rotated by size.  A small summary of
IDs seen and frame rates is printed every few seconds.
"""
import argparse
import collections
import logging
import os
import signal
import sys
import time

import can

LOG = logging.getLogger("can_recorder")


def parse_range(text):
    """'0x180-0x1FF' -> (0x180, 0x1FF); '0x201' -> (0x201, 0x201)."""
    if "-" in text:
        lo, hi = text.split("-", 1)
        return int(lo, 0), int(hi, 0)
    v = int(text, 0)
    return v, v


def build_filters(ranges):
    filters = []
    for lo, hi in ranges:
        for can_id in range(lo, hi + 1):
            filters.append({"can_id": can_id, "can_mask": 0x7FF, "extended": False})
    return filters or None


def frames(bus, stop):
    while not stop["flag"]:
        msg = bus.recv(timeout=0.5)
        if msg is not None:
            yield msg


class Stats:
    def __init__(self):
        self.counts = collections.Counter()
        self.started = time.monotonic()

    def add(self, msg):
        self.counts[msg.arbitration_id] += 1

    def report(self):
        dt = max(time.monotonic() - self.started, 1e-3)
        top = self.counts.most_common(8)
        LOG.info("%d ids, %d frames, %.1f fps | %s", len(self.counts),
                 sum(self.counts.values()), sum(self.counts.values()) / dt,
                 " ".join(f"{i:03X}:{n}" for i, n in top))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-i", "--interface", default=os.environ.get("CAN_IFACE", "can0"))
    ap.add_argument("--bustype", default="socketcan")
    ap.add_argument("--filter", action="append", default=[], type=parse_range)
    ap.add_argument("--format", choices=("blf", "csv", "asc"), default="blf")
    ap.add_argument("--out-dir", default="can_logs")
    ap.add_argument("--max-bytes", type=int, default=20 * 1024 * 1024)
    ap.add_argument("--report-every", type=float, default=5.0)
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    os.makedirs(args.out_dir, exist_ok=True)
    base = os.path.join(args.out_dir, f"{args.interface}_{time.strftime('%Y%m%d_%H%M%S')}.{args.format}")

    try:
        bus = can.Bus(channel=args.interface, interface=args.bustype,
                      can_filters=build_filters(args.filter))
    except (OSError, can.CanError) as exc:
        LOG.error("cannot open %s: %s", args.interface, exc)
        return 1

    writer = can.SizedRotatingLogger(base_filename=base, max_bytes=args.max_bytes)
    stats = Stats()
    stop = {"flag": False}
    signal.signal(signal.SIGINT, lambda *_: stop.update(flag=True))
    signal.signal(signal.SIGTERM, lambda *_: stop.update(flag=True))

    LOG.info("recording %s -> %s", args.interface, base)
    last = time.monotonic()
    try:
        for msg in frames(bus, stop):
            writer.on_message_received(msg)
            stats.add(msg)
            if time.monotonic() - last > args.report_every:
                stats.report()
                last = time.monotonic()
    finally:
        writer.stop()
        bus.shutdown()
        stats.report()
    return 0


if __name__ == "__main__":
    sys.exit(main())
