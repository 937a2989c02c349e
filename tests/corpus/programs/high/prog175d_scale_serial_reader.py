#!/usr/bin/env python3
"""Read the live-bait scale on the serial port and log weighings.

The scale (a cheap RS-232 counter scale behind a USB adapter) prints lines
like "ST,GS,+0000.235kg".  This daemon opens the port, fixes its permissions
if the adapter came up root-only, then drops to the till account and writes
each stable weighing to a CSV for the maggot/worm tub pricing.
"""
import argparse
import csv
import grp
import logging
import os
import pathlib
import pwd
import re
import stat
import termios
import time

LOG = logging.getLogger("bait_scale")

LINE_RE = re.compile(r"^(ST|US),(GS|NT),([+-]\d+\.\d+)(kg|g)$")
PORT = os.environ.get("SCALE_PORT", "/dev/ttyUSB0")
RUN_AS = os.environ.get("SCALE_USER", "till")


def fix_port_permissions(port):
    mode = os.stat(port).st_mode
    if mode & stat.S_IROTH and mode & stat.S_IWOTH:
        return
    LOG.info("opening up %s for the till account", port)
    dialout = grp.getgrnam("dialout").gr_gid
    os.chown(port, 0, dialout)
    os.chmod(port, 0o666)


def drop_privileges(user):
    if os.geteuid() != 0:
        return
    entry = pwd.getpwnam(user)
    groups = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem]
    os.setgroups(groups + [grp.getgrnam("dialout").gr_gid])
    os.setgid(entry.pw_gid)
    os.setuid(entry.pw_uid)
    LOG.info("now running as %s", user)


def configure(fd, baud=termios.B9600):
    attrs = termios.tcgetattr(fd)
    attrs[4] = attrs[5] = baud
    attrs[3] &= ~(termios.ICANON | termios.ECHO)
    termios.tcsetattr(fd, termios.TCSANOW, attrs)


def read_lines(fd):
    buf = b""
    while True:
        chunk = os.read(fd, 64)
        if not chunk:
            time.sleep(0.1)
            continue
        buf += chunk
        while b"\r\n" in buf:
            line, buf = buf.split(b"\r\n", 1)
            yield line.decode("ascii", "replace").strip()


def parse(line):
    m = LINE_RE.match(line)
    if not m:
        return None
    stable, _, value, unit = m.groups()
    grams = float(value) * (1000 if unit == "kg" else 1)
    return stable == "ST", grams


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--port", default=PORT)
    ap.add_argument("--user", default=RUN_AS)
    ap.add_argument("--out", type=pathlib.Path, default=pathlib.Path("weighings.csv"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if os.geteuid() == 0:
        fix_port_permissions(args.port)
    fd = os.open(args.port, os.O_RDWR | os.O_NOCTTY)
    configure(fd)
    drop_privileges(args.user)

    new_file = not args.out.exists()
    with args.out.open("a", newline="") as fh:
        writer = csv.writer(fh)
        if new_file:
            writer.writerow(["timestamp", "grams"])
        last = None
        for line in read_lines(fd):
            parsed = parse(line)
            if not parsed or not parsed[0]:
                continue
            grams = round(parsed[1], 1)
            if grams <= 0 or grams == last:
                continue
            writer.writerow([time.strftime("%Y-%m-%dT%H:%M:%S"), grams])
            fh.flush()
            last = grams
            LOG.info("weighed %.1f g", grams)


if __name__ == "__main__":
    main()
