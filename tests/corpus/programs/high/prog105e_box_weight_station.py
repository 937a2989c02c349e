#!/usr/bin/env python3
"""Packing-bench weight station.

Reads the packed box weight from the bench scale (USB serial, continuous
output mode), picks the cheapest courier service for the weight band and
appends the result to the day's packing log in the working directory.
"""
import argparse
import csv
import logging
import os
import pwd
import re
import sys
import termios
import time
from datetime import date

LOG = logging.getLogger("weight_station")

WEIGHT_RE = re.compile(rb"([+-]?\s*\d+\.\d+)\s*(kg|g)", re.I)

SERVICES = [
    (0.75, "Royal Mail Large Letter", 1.55),
    (2.0, "Evri Small Parcel", 2.79),
    (5.0, "DPD Parcel", 4.95),
    (15.0, "DPD Parcel Heavy", 7.40),
]


def open_scale(device, baud=termios.B9600):
    fd = os.open(device, os.O_RDONLY | os.O_NOCTTY)
    attrs = termios.tcgetattr(fd)
    attrs[4] = attrs[5] = baud           # ispeed / ospeed
    attrs[2] |= termios.CLOCAL | termios.CREAD
    attrs[3] &= ~(termios.ICANON | termios.ECHO)
    termios.tcsetattr(fd, termios.TCSANOW, attrs)
    return fd


def reacquire_with_privileges(argv):
    """Station accounts are not in dialout on older images; retry elevated."""
    if os.geteuid() == 0:
        return
    LOG.warning("no access to the scale device, retrying with elevated rights")
    env_keep = "--preserve-env=WEIGHT_STATION_DEVICE"
    os.execvp("sudo", ["sudo", env_keep, sys.executable, os.path.abspath(__file__)] + argv)


def back_to_invoking_user():
    uid = os.environ.get("SUDO_UID")
    gid = os.environ.get("SUDO_GID")
    if os.geteuid() != 0 or not uid:
        return
    user = pwd.getpwuid(int(uid)).pw_name
    os.setgroups(os.getgrouplist(user, int(gid)))
    os.setgid(int(gid))
    os.setuid(int(uid))
    LOG.info("continuing as %s", user)


def read_weight(fd, timeout=5.0):
    deadline = time.monotonic() + timeout
    buf = b""
    while time.monotonic() < deadline:
        chunk = os.read(fd, 64)
        if not chunk:
            time.sleep(0.05)
            continue
        buf += chunk
        *lines, buf = buf.split(b"\n")
        for line in reversed(lines):
            m = WEIGHT_RE.search(line)
            if m and b"ST" in line[:4]:  # stable reading only
                value = float(m.group(1).replace(b" ", b""))
                return value / 1000 if m.group(2).lower() == b"g" else value
    raise TimeoutError("no stable reading from scale")


def pick_service(kg):
    for limit, name, price in SERVICES:
        if kg <= limit:
            return name, price
    return "Pallet / manual quote", None


def log_box(box_id, kg, service, price):
    path = f"packing_log_{date.today():%Y%m%d}.csv"
    new = not os.path.exists(path)
    with open(path, "a", newline="") as fh:
        w = csv.writer(fh)
        if new:
            w.writerow(["time", "box_id", "kg", "service", "price_gbp"])
        w.writerow([time.strftime("%H:%M:%S"), box_id, f"{kg:.3f}", service, price or ""])


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("box_id", nargs="?", help="box barcode; prompt if omitted")
    ap.add_argument("--device", default=os.environ.get("WEIGHT_STATION_DEVICE", "/dev/ttyUSB0"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        fd = open_scale(args.device)
    except PermissionError:
        reacquire_with_privileges(argv)
        raise
    except FileNotFoundError:
        LOG.error("scale not found at %s", args.device)
        return 2
    back_to_invoking_user()

    box_id = args.box_id or input("scan box barcode: ").strip()
    try:
        kg = read_weight(fd)
    except TimeoutError as exc:
        LOG.error("%s", exc)
        return 1
    finally:
        os.close(fd)

    service, price = pick_service(kg)
    log_box(box_id, kg, service, price)
    print(f"{box_id}: {kg:.3f} kg -> {service}" + (f" (£{price:.2f})" if price else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
