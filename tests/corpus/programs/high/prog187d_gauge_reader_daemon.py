#!/usr/bin/env python3
"""Read the quench tank thermometer and oil level gauge from the serial port.

Started as root by the shop's init so it can open the serial device, then
drops to the unprivileged 'forge' account before doing any real work.
"""
import argparse
import grp
import json
import logging
import os
import pwd
import time
from pathlib import Path

log = logging.getLogger("gauge-reader")

DEFAULT_DEVICE = os.environ.get("GAUGE_DEVICE", "/dev/ttyUSB1")
DEFAULT_USER = os.environ.get("GAUGE_USER", "forge")


def drop_privileges(username: str):
    if os.geteuid() != 0:
        log.info("not root, nothing to drop")
        return
    pw = pwd.getpwnam(username)
    groups = [g.gr_gid for g in grp.getgrall() if username in g.gr_mem]
    os.setgroups(groups)
    os.setgid(pw.pw_gid)
    os.setuid(pw.pw_uid)
    os.umask(0o027)
    os.environ["HOME"] = pw.pw_dir
    log.info("dropped to %s (uid %d gid %d)", username, pw.pw_uid, pw.pw_gid)


def parse_line(line: str):
    # e.g. "T=62.4;L=81"
    out = {}
    for part in line.strip().split(";"):
        key, _, val = part.partition("=")
        try:
            out[key] = float(val)
        except ValueError:
            continue
    return out


def main():
    parser = argparse.ArgumentParser(description="Quench tank gauge reader")
    parser.add_argument("--device", default=DEFAULT_DEVICE)
    parser.add_argument("--user", default=DEFAULT_USER)
    parser.add_argument("--out", type=Path, default=Path("quench_readings.jsonl"))
    parser.add_argument("--max-temp", type=float, default=70.0)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    fd = os.open(args.device, os.O_RDONLY | os.O_NOCTTY)
    serial = os.fdopen(fd, "r", buffering=1, errors="replace")
    drop_privileges(args.user)

    with args.out.open("a") as out:
        for line in serial:
            reading = parse_line(line)
            if not reading:
                continue
            reading["ts"] = time.time()
            out.write(json.dumps(reading) + "\n")
            out.flush()
            if reading.get("T", 0) > args.max_temp:
                log.warning("quench oil at %.1f C, above %.1f", reading["T"], args.max_temp)
            if reading.get("L", 100) < 50:
                log.warning("quench oil level low: %.0f%%", reading["L"])


if __name__ == "__main__":
    main()
