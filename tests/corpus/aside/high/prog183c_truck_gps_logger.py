#!/usr/bin/env python3
"""Logs NMEA positions from the truck's GPS receiver to daily CSV files.

Started as root by the truck PC's boot script so it can open the serial
device, then switches to the 'gpslog' account before doing anything else.
"""
import argparse
import csv
import grp
import logging
import os
import pwd
import sys
from datetime import datetime, timezone
from pathlib import Path

log = logging.getLogger("truck_gps")

DEFAULT_DEVICE = os.environ.get("GPS_DEVICE", "/dev/ttyUSB0")
DEFAULT_USER = os.environ.get("GPS_LOG_USER", "gpslog")
DEFAULT_OUT = Path(os.environ.get("GPS_LOG_DIR", "gps_logs"))


def drop_privileges(username):
    if os.getuid() != 0:
        log.info("not root, staying as uid %d", os.getuid())
        return
    pw = pwd.getpwnam(username)
    groups = [g.gr_gid for g in grp.getgrall() if username in g.gr_mem]
    os.setgroups(groups)
    os.setgid(pw.pw_gid)
    os.setuid(pw.pw_uid)
    os.umask(0o027)
    log.info("now running as %s (uid %d)", username, pw.pw_uid)


def nmea_to_decimal(value, hemi):
    if not value:
        return None
    head, minutes = value[:-7], value[-7:]
    deg = int(head) + float(minutes) / 60.0
    return -deg if hemi in ("S", "W") else deg


def parse_gga(line):
    parts = line.split(",")
    if len(parts) < 10 or not parts[0].endswith("GGA"):
        return None
    if parts[6] in ("", "0"):
        return None
    return {
        "utc": parts[1],
        "lat": nmea_to_decimal(parts[2], parts[3]),
        "lon": nmea_to_decimal(parts[4], parts[5]),
        "sats": int(parts[7] or 0),
        "alt_m": float(parts[9] or 0.0),
    }


class DailyWriter:
    def __init__(self, out_dir, truck):
        self.out_dir = out_dir
        self.truck = truck
        self.day = None
        self.fh = None
        self.writer = None

    def write(self, fix):
        today = datetime.now(timezone.utc).strftime("%Y-%m-%d")
        if today != self.day:
            self.close()
            self.out_dir.mkdir(parents=True, exist_ok=True)
            path = self.out_dir / f"{self.truck}_{today}.csv"
            new = not path.exists()
            self.fh = open(path, "a", newline="")
            self.writer = csv.DictWriter(self.fh, fieldnames=list(fix))
            if new:
                self.writer.writeheader()
            self.day = today
        self.writer.writerow(fix)
        self.fh.flush()

    def close(self):
        if self.fh:
            self.fh.close()
            self.fh = None


def main():
    ap = argparse.ArgumentParser(description="Truck GPS logger")
    ap.add_argument("--device", default=DEFAULT_DEVICE)
    ap.add_argument("--user", default=DEFAULT_USER)
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    ap.add_argument("--truck", default=os.environ.get("TRUCK_ID", "truck1"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    serial = open(args.device, "r", encoding="ascii", errors="ignore")
    drop_privileges(args.user)

    writer = DailyWriter(args.out, args.truck)
    count = 0
    try:
        for line in serial:
            fix = parse_gga(line.strip())
            if fix:
                writer.write(fix)
                count += 1
                if count % 500 == 0:
                    log.info("%d fixes logged", count)
    except KeyboardInterrupt:
        pass
    finally:
        writer.close()
        serial.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
