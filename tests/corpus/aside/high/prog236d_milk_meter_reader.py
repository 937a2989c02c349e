#!/usr/bin/env python3
"""Read per-stall milk meters over the parlour RS-485 bus.

Started by root at boot so it can open the bus device, then drops to the
unprivileged "parlour" account before parsing any meter data. Yields are
appended to a CSV in the working directory.
"""
import argparse
import csv
import grp
import logging
import os
import pwd
import sys
import time

LOG = logging.getLogger("milk.meter")

BUS = {
    "dev": ("", "dev", "ttyUSB0"),
    "frame_end": b"\n",
    "poll": b"?Y\r\n",
}

RUN_AS = {"user": "parlour", "group": "parlour"}


class PrivilegeDrop:
    """Switch from root to the service account after the device is open."""

    def __init__(self, user, group):
        self.pw = pwd.getpwnam(user)
        self.gr = grp.getgrnam(group)

    def apply(self):
        if os.getuid() != 0:
            LOG.info("not root, nothing to drop")
            return
        calls = (
            ("setgroups", ([],)),
            ("setgid", (self.gr.gr_gid,)),
            ("setuid", (self.pw.pw_uid,)),
        )
        for name, argv in calls:
            getattr(os, name)(*argv)
        os.environ["HOME"] = self.pw.pw_dir
        os.umask(0o027)
        LOG.info("now running as uid=%d gid=%d", os.getuid(), os.getgid())


class MeterBus:
    def __init__(self, path):
        self.path = path
        self.fd = None
        self.buf = b""

    def open(self):
        self.fd = os.open(self.path, os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK)
        LOG.info("opened %s", self.path)

    def poll(self):
        os.write(self.fd, BUS["poll"])

    def frames(self, timeout=2.0):
        end = time.time() + timeout
        while time.time() < end:
            try:
                chunk = os.read(self.fd, 256)
            except BlockingIOError:
                chunk = b""
            if not chunk:
                time.sleep(0.05)
                continue
            self.buf += chunk
            while BUS["frame_end"] in self.buf:
                line, self.buf = self.buf.split(BUS["frame_end"], 1)
                yield line.decode("ascii", "replace").strip()


def parse_frame(text):
    # e.g. "ST07;COW1183;12.40;38.2"
    parts = text.split(";")
    if len(parts) != 4 or not parts[0].startswith("ST"):
        return None
    try:
        return {"stall": parts[0][2:], "cow": parts[1][3:],
                "kg": float(parts[2]), "temp_c": float(parts[3])}
    except ValueError:
        return None


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--device", default="/".join(BUS["dev"]))
    ap.add_argument("--out", default="meter_yields.csv")
    ap.add_argument("--cycles", type=int, default=0, help="0 = forever")
    ap.add_argument("--interval", type=float, default=10.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    bus = MeterBus(args.device)
    try:
        bus.open()
        PrivilegeDrop(RUN_AS["user"], RUN_AS["group"]).apply()
    except (OSError, KeyError) as exc:
        LOG.error("startup failed: %s", exc)
        return 1

    n = 0
    with open(args.out, "a", newline="") as fh:
        writer = csv.writer(fh)
        while not args.cycles or n < args.cycles:
            bus.poll()
            for frame in bus.frames():
                rec = parse_frame(frame)
                if rec:
                    writer.writerow([int(time.time()), rec["stall"], rec["cow"],
                                     rec["kg"], rec["temp_c"]])
            fh.flush()
            n += 1
            time.sleep(args.interval)
    return 0


if __name__ == "__main__":
    sys.exit(main())
