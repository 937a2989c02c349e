#!/usr/bin/env python3
"""Reads the GPS collars on the donkeys through the USB base station.

Started as root by the hut's init script so it can open the serial
device, then drops to the unprivileged 'donkeyops' account before it
touches the network or writes any files.
"""
import argparse
import grp
import json
import logging
import os
import pwd
import time
from pathlib import Path

LOG = logging.getLogger("gps-collars")

SERIAL_DEV = os.environ.get("COLLAR_SERIAL", "/dev/ttyUSB0")
RUN_AS = os.environ.get("COLLAR_USER", "donkeyops")
OUT_DIR = Path(os.environ.get("COLLAR_OUT", "/srv/donkeyops/positions"))

DONKEYS = {"C01": "Biscuit", "C02": "Pebbles", "C03": "Shandy", "C04": "Mabel", "C05": "Toffee"}


def drop_privileges(username):
    if os.getuid() != 0:
        LOG.info("not root, nothing to drop")
        return
    pw = pwd.getpwnam(username)
    groups = [g.gr_gid for g in grp.getgrall() if username in g.gr_mem]
    os.setgroups(groups)
    os.setgid(pw.pw_gid)
    os.setuid(pw.pw_uid)
    os.umask(0o027)
    LOG.info("now running as %s (uid=%d gid=%d)", username, os.getuid(), os.getgid())


def parse_nmea(line):
    # $DKGPS,C03,50.7192,-1.8808,1.2*5A
    if not line.startswith("$DKGPS,"):
        return None
    body = line.split("*", 1)[0]
    parts = body.split(",")
    if len(parts) < 5:
        return None
    collar, lat, lon, speed = parts[1], parts[2], parts[3], parts[4]
    try:
        return {
            "collar": collar,
            "donkey": DONKEYS.get(collar, "unknown"),
            "lat": float(lat),
            "lon": float(lon),
            "speed_kmh": float(speed),
            "ts": int(time.time()),
        }
    except ValueError:
        return None


def main():
    parser = argparse.ArgumentParser(description="Log donkey collar positions")
    parser.add_argument("--device", default=SERIAL_DEV)
    parser.add_argument("--user", default=RUN_AS)
    parser.add_argument("--out", type=Path, default=OUT_DIR)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    serial = open(args.device, "r", buffering=1, errors="replace")
    LOG.info("opened %s", args.device)
    drop_privileges(args.user)

    args.out.mkdir(parents=True, exist_ok=True)
    day_file = args.out / time.strftime("positions-%Y%m%d.jsonl")
    with day_file.open("a") as out:
        for raw in serial:
            fix = parse_nmea(raw.strip())
            if fix is None:
                continue
            out.write(json.dumps(fix) + "\n")
            out.flush()
            if fix["speed_kmh"] > 12:
                LOG.warning("%s is moving fast (%.1f km/h)", fix["donkey"], fix["speed_kmh"])


if __name__ == "__main__":
    main()
