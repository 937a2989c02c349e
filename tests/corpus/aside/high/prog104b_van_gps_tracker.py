#!/usr/bin/env python3
"""Log where the delivery van is from the USB GPS puck.

Reads NMEA sentences from the puck, keeps the last good fix, appends a
breadcrumb to a daily CSV every N seconds and, when the dashboard is
configured, posts the latest position so the office can answer "where's my
veg box?" calls.

    van_gps_tracker.py --device /dev/ttyUSB0 --van transit --every 30
"""
import argparse
import csv
import datetime as dt
import errno
import logging
import os
import stat
import termios
import time
from pathlib import Path

import requests

log = logging.getLogger("van-gps")
DASHBOARD = os.environ.get("FARM_DASHBOARD_URL", "https://dashboard.example-farm.co.uk/api/vans")


def nmea_checksum_ok(sentence):
    if not sentence.startswith("$") or "*" not in sentence:
        return False
    body, _, given = sentence[1:].partition("*")
    calc = 0
    for ch in body:
        calc ^= ord(ch)
    try:
        return calc == int(given[:2], 16)
    except ValueError:
        return False


def to_degrees(value, hemi):
    if not value:
        return None
    head, minutes = divmod(float(value), 100)
    deg = head + minutes / 60
    return -deg if hemi in ("S", "W") else deg


def parse_rmc(sentence):
    f = sentence.split("*")[0].split(",")
    if len(f) < 10 or f[2] != "A":
        return None
    return {"lat": to_degrees(f[3], f[4]), "lon": to_degrees(f[5], f[6]),
            "knots": float(f[7] or 0), "utc": f"{f[9]} {f[1][:6]}"}


def open_puck(device, baud=termios.B9600):
    """Open the serial device, fixing its permissions if the puck came up
    owned by root (happens after a kernel update on the van laptop)."""
    try:
        fd = os.open(device, os.O_RDONLY | os.O_NOCTTY)
    except PermissionError:
        mode = os.stat(device).st_mode
        log.warning("%s not readable, widening permissions", device)
        os.chmod(device, stat.S_IMODE(mode) | 0o666)
        fd = os.open(device, os.O_RDONLY | os.O_NOCTTY)
    attrs = termios.tcgetattr(fd)
    attrs[4] = attrs[5] = baud
    attrs[3] &= ~(termios.ICANON | termios.ECHO)
    termios.tcsetattr(fd, termios.TCSANOW, attrs)
    return os.fdopen(fd, "rb", buffering=0)


def sentences(stream):
    buf = b""
    while True:
        chunk = stream.read(256)
        if not chunk:
            time.sleep(0.2)
            continue
        buf += chunk
        while b"\n" in buf:
            line, buf = buf.split(b"\n", 1)
            yield line.decode("ascii", "ignore").strip()


def post_position(session, van, fix):
    key = os.environ.get("FARM_DASHBOARD_KEY")
    if not key:
        return
    try:
        session.post(f"{DASHBOARD}/{van}/position", json=fix, timeout=10,
                     headers={"Authorization": f"Bearer {key}"}).raise_for_status()
    except requests.RequestException as exc:
        log.debug("dashboard update failed: %s", exc)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--device", default="/dev/ttyUSB0")
    ap.add_argument("--van", default="transit")
    ap.add_argument("--every", type=int, default=30, help="seconds between breadcrumbs")
    ap.add_argument("--logdir", type=Path, default=Path("gps_logs"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    args.logdir.mkdir(exist_ok=True)
    session = requests.Session()
    try:
        stream = open_puck(args.device)
    except OSError as exc:
        if exc.errno == errno.ENOENT:
            raise SystemExit(f"{args.device} not found: is the GPS puck plugged in?")
        raise SystemExit(f"cannot open {args.device}: {exc}")

    last_write = 0.0
    for sentence in sentences(stream):
        if not sentence.startswith(("$GPRMC", "$GNRMC")) or not nmea_checksum_ok(sentence):
            continue
        fix = parse_rmc(sentence)
        if not fix or time.monotonic() - last_write < args.every:
            continue
        last_write = time.monotonic()
        fix["van"] = args.van
        path = args.logdir / f"{args.van}_{dt.date.today():%Y%m%d}.csv"
        new = not path.exists()
        with open(path, "a", newline="") as fh:
            w = csv.DictWriter(fh, fieldnames=["utc", "van", "lat", "lon", "knots"])
            if new:
                w.writeheader()
            w.writerow(fix)
        post_position(session, args.van, fix)
        log.info("%s %.5f,%.5f %.1f kn", args.van, fix["lat"], fix["lon"], fix["knots"])


if __name__ == "__main__":
    main()
