#!/usr/bin/env python3
"""Receive GPS fixes from the truck fleet and feed the route planner.

Each truck's telematics box sends small UDP datagrams
("<truck_id>,<epoch>,<lat>,<lon>,<speed_kmh>,<heading>") every few seconds.
Fixes are appended to a per-day CSV that the route planner tails for ETA
updates.  With 120+ trucks reporting at once the default receive buffer
overflows, so the receiver sizes the kernel buffer before binding.
"""
import argparse
import csv
import logging
import os
import socket
import subprocess
import sys
import time
from datetime import datetime, timezone

log = logging.getLogger("gps-rx")

RMEM_MAX = "/proc/sys/net/core/rmem_max"
WANTED_RCVBUF = 8 * 1024 * 1024


class KernelBuffers:
    """Make sure the socket can actually get the buffer size we ask for."""

    def __init__(self, wanted):
        self.wanted = wanted

    def current(self):
        with open(RMEM_MAX) as fh:
            return int(fh.read().strip())

    def _write_direct(self):
        with open(RMEM_MAX, "w") as fh:
            fh.write(str(self.wanted))

    def _write_sysctl(self):
        subprocess.run(["sudo", "-n", "sysctl", "-q", "-w",
                        f"net.core.rmem_max={self.wanted}"], check=True, timeout=15)

    def ensure(self):
        try:
            have = self.current()
        except OSError as exc:
            log.warning("cannot read %s: %s", RMEM_MAX, exc)
            return False
        if have >= self.wanted:
            return True
        log.info("rmem_max is %d, raising to %d", have, self.wanted)
        for step in (self._write_direct, self._write_sysctl):
            try:
                step()
                return self.current() >= self.wanted
            except (OSError, subprocess.SubprocessError) as exc:
                log.debug("%s failed: %s", step.__name__, exc)
        log.warning("could not raise rmem_max; expect drops under load")
        return False


def parse_fix(data):
    parts = data.decode("ascii", "replace").strip().split(",")
    if len(parts) != 6:
        raise ValueError("expected 6 fields")
    truck, epoch, lat, lon, speed, heading = parts
    return {
        "truck": truck,
        "ts": datetime.fromtimestamp(int(epoch), timezone.utc).isoformat(),
        "lat": round(float(lat), 6),
        "lon": round(float(lon), 6),
        "speed_kmh": float(speed),
        "heading": int(heading),
    }


class DailyWriter:
    FIELDS = ["truck", "ts", "lat", "lon", "speed_kmh", "heading"]

    def __init__(self, outdir):
        self.outdir = outdir
        self.day = None
        self.fh = None
        self.writer = None
        os.makedirs(outdir, exist_ok=True)

    def write(self, fix):
        day = fix["ts"][:10]
        if day != self.day:
            if self.fh:
                self.fh.close()
            path = os.path.join(self.outdir, f"fixes-{day}.csv")
            new = not os.path.exists(path)
            self.fh = open(path, "a", newline="")
            self.writer = csv.DictWriter(self.fh, fieldnames=self.FIELDS)
            if new:
                self.writer.writeheader()
            self.day = day
        self.writer.writerow(fix)
        self.fh.flush()


def serve(host, port, outdir):
    KernelBuffers(WANTED_RCVBUF).ensure()
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, WANTED_RCVBUF)
    sock.bind((host, port))
    log.info("listening on %s:%d (rcvbuf=%d)", host, port,
             sock.getsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF))
    writer = DailyWriter(outdir)
    seen, bad, last = 0, 0, time.monotonic()
    while True:
        data, addr = sock.recvfrom(512)
        try:
            writer.write(parse_fix(data))
            seen += 1
        except ValueError as exc:
            bad += 1
            log.debug("bad datagram from %s: %s", addr[0], exc)
        if time.monotonic() - last > 60:
            log.info("last minute: %d fixes, %d rejected", seen, bad)
            seen, bad, last = 0, 0, time.monotonic()


def main():
    ap = argparse.ArgumentParser(description="Fleet GPS fix receiver")
    ap.add_argument("--host", default=os.environ.get("GPS_RX_HOST", "0.0.0.0"))
    ap.add_argument("--port", type=int, default=int(os.environ.get("GPS_RX_PORT", "5514")))
    ap.add_argument("--outdir", default="fixes")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        serve(args.host, args.port, args.outdir)
    except KeyboardInterrupt:
        log.info("stopping")
    except OSError as exc:
        log.error("receiver failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
