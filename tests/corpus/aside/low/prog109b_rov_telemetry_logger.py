#!/usr/bin/env python3
"""Receive ROV telemetry on the tether LAN and log it for the survey record.

The ROV's subsea computer broadcasts a comma-separated telemetry sentence
several times a second:

    $ROVTL,<unix_ts>,<depth_m>,<heading_deg>,<pitch>,<roll>,<alt_m>,<turns>*CS

This gateway listens for those datagrams, validates the checksum, and writes
hourly CSV files under telemetry/ that the survey team merges with the
navigation data.  Bind it to the workstation's address on the tether LAN.
"""
import argparse
import csv
import functools
import logging
import os
import queue
import socket
import sys
import threading
import time
from pathlib import Path

log = logging.getLogger("telemetry")

FIELDS = ["ts", "depth_m", "heading_deg", "pitch_deg", "roll_deg", "altitude_m", "tether_turns"]


def nmea_checksum(body):
    return functools.reduce(lambda acc, ch: acc ^ ord(ch), body, 0)


def parse_sentence(raw):
    text = raw.decode("ascii", errors="replace").strip()
    if not text.startswith("$ROVTL,") or "*" not in text:
        return None
    body, _, cs = text[1:].partition("*")
    try:
        if int(cs, 16) != nmea_checksum(body):
            return None
        parts = body.split(",")[1:]
        return dict(zip(FIELDS, [float(p) for p in parts]))
    except ValueError:
        return None


class HourlyWriter(threading.Thread):
    def __init__(self, outdir, q):
        super().__init__(name="writer", daemon=True)
        self.outdir = Path(outdir)
        self.q = q
        self._hour = None
        self._fh = None
        self._writer = None

    def _rotate(self, ts):
        hour = time.strftime("%Y%m%d_%H", time.gmtime(ts))
        if hour == self._hour:
            return
        if self._fh:
            self._fh.close()
        self.outdir.mkdir(parents=True, exist_ok=True)
        path = self.outdir / f"rovtl_{hour}.csv"
        new = not path.exists()
        self._fh = path.open("a", newline="")
        self._writer = csv.DictWriter(self._fh, fieldnames=FIELDS)
        if new:
            self._writer.writeheader()
        self._hour = hour
        log.info("writing %s", path)

    def run(self):
        while True:
            rec = self.q.get()
            if rec is None:
                break
            self._rotate(rec["ts"])
            self._writer.writerow(rec)
            self._fh.flush()
        if self._fh:
            self._fh.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bind", default=os.environ.get("ROVTL_BIND", "10.20.0.2"))
    ap.add_argument("--port", type=int, default=int(os.environ.get("ROVTL_PORT", "5602")))
    ap.add_argument("--out", default="telemetry")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    q = queue.Queue(maxsize=10000)
    writer = HourlyWriter(args.out, q)
    writer.start()

    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((args.bind, args.port))
    sock.settimeout(5.0)
    log.info("listening for telemetry on %s:%d", args.bind, args.port)

    bad = good = 0
    last_report = time.monotonic()
    try:
        while True:
            try:
                data, _ = sock.recvfrom(512)
            except socket.timeout:
                log.warning("no telemetry for 5 s - check tether link")
                continue
            rec = parse_sentence(data)
            if rec is None:
                bad += 1
            else:
                good += 1
                q.put(rec)
            if time.monotonic() - last_report > 60:
                log.info("last minute: %d good, %d rejected", good, bad)
                good = bad = 0
                last_report = time.monotonic()
    except KeyboardInterrupt:
        log.info("stopping")
    finally:
        q.put(None)
        writer.join(timeout=5)
        sock.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
