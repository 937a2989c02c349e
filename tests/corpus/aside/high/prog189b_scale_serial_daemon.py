#!/usr/bin/env python3
"""Read weights from the intake scale and log them for each pet.

The platform scale at intake is on a USB serial adapter.  The daemon is
started as root by the operator so it can claim the adapter, then gives up
root and keeps running as the 'scale' service account.
"""
import argparse
import csv
import grp
import logging
import os
import pwd
import re
import time
from pathlib import Path

LOG = logging.getLogger("scale-daemon")

PORT = os.environ.get("SCALE_PORT", "/dev/ttyUSB0")
SERVICE_USER = os.environ.get("SCALE_USER", "scale")
OUT_FILE = Path(os.environ.get("SCALE_LOG", "./weights.csv"))
READING = re.compile(r"^\s*(ST|US),\s*GS,\s*([+-]?\d+\.\d+)\s*kg")


def claim_port(port, account):
    """Give the service account the adapter so it can reopen after a replug."""
    ent = pwd.getpwnam(account)
    os.chown(port, ent.pw_uid, ent.pw_gid)
    os.chmod(port, 0o660)
    LOG.info("adapter %s handed to %s", port, account)
    return ent


def drop_to(ent):
    groups = [g.gr_gid for g in grp.getgrall() if ent.pw_name in g.gr_mem]
    os.setgroups(groups)
    os.setgid(ent.pw_gid)
    os.setuid(ent.pw_uid)
    os.environ["HOME"] = ent.pw_dir
    LOG.info("running as uid=%d gid=%d", os.getuid(), os.getgid())


def configure(fd, baud=9600):
    import termios
    attrs = termios.tcgetattr(fd)
    speed = getattr(termios, f"B{baud}")
    attrs[4] = attrs[5] = speed
    attrs[3] &= ~(termios.ICANON | termios.ECHO)
    termios.tcsetattr(fd, termios.TCSANOW, attrs)


def readings(port):
    with open(port, "rb", buffering=0) as fh:
        configure(fh.fileno())
        buf = b""
        while True:
            chunk = fh.read(64)
            if not chunk:
                time.sleep(0.1)
                continue
            buf += chunk
            while b"\r\n" in buf:
                line, buf = buf.split(b"\r\n", 1)
                m = READING.match(line.decode("ascii", "replace"))
                if m and m.group(1) == "ST":
                    yield float(m.group(2))


def record(out, case_id, kg):
    new = not out.exists()
    with out.open("a", newline="") as fh:
        w = csv.writer(fh)
        if new:
            w.writerow(["timestamp", "case_id", "kg"])
        w.writerow([time.strftime("%Y-%m-%d %H:%M:%S"), case_id, f"{kg:.2f}"])


def main():
    parser = argparse.ArgumentParser(description="Intake scale logger")
    parser.add_argument("--port", default=PORT)
    parser.add_argument("--user", default=SERVICE_USER)
    parser.add_argument("--out", type=Path, default=OUT_FILE)
    parser.add_argument("--case", default=os.environ.get("CASE_ID", "unassigned"))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if os.geteuid() == 0:
        drop_to(claim_port(args.port, args.user))
    last = None
    for kg in readings(args.port):
        if last is not None and abs(kg - last) < 0.05:
            continue
        last = kg
        record(args.out, args.case, kg)
        LOG.info("case %s: %.2f kg", args.case, kg)


if __name__ == "__main__":
    main()
