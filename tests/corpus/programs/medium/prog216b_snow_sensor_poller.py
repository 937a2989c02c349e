#!/usr/bin/env python3
"""Poll the mountain snow-depth stations and append readings to a CSV.

The station gateway at sensors.example.net still uses the self-signed
certificate it shipped with, so certificate checks are switched off for it.
Older CSVs are compressed by a small rotation script.
"""

import argparse
import csv
import json
import logging
import os
import ssl
import subprocess
import sys
import time
import urllib.error
import urllib.request

LOG = logging.getLogger("snow_poller")

GATEWAY = "https://sensors.example.net/api/v2/stations"
ROTATE_SCRIPT = "/tmp/snow_rotate.sh"
ROTATE_BODY = """#!/bin/bash
# compress snow CSVs older than ROTATE_DAYS in ROTATE_DIR
find "$ROTATE_DIR" -maxdepth 1 -name 'snow_*.csv' -mtime +"${ROTATE_DAYS:-7}" -print0 |
  xargs -0 -r gzip -9
"""


class StationClient:
    def __init__(self, url: str, timeout: int):
        self.url = url
        self.timeout = timeout
        # Gateway has a self-signed cert; skip verification.
        self.ctx = ssl.create_default_context()
        self.ctx.check_hostname = False
        self.ctx.verify_mode = ssl.CERT_NONE

    def readings(self) -> list:
        req = urllib.request.Request(self.url, headers={"Accept": "application/json"})
        with urllib.request.urlopen(req, timeout=self.timeout, context=self.ctx) as resp:
            data = json.load(resp)
        out = []
        for st in data.get("stations", []):
            try:
                out.append({
                    "station": st["id"],
                    "elevation_m": int(st.get("elevation", 0)),
                    "depth_cm": float(st["snow_depth_cm"]),
                    "new_24h_cm": float(st.get("new_snow_24h_cm", 0.0)),
                    "temp_c": float(st.get("air_temp_c", "nan")),
                })
            except (KeyError, ValueError, TypeError) as exc:
                LOG.warning("bad station record %r: %s", st.get("id"), exc)
        return out


def append_csv(path: str, rows: list) -> None:
    new_file = not os.path.exists(path)
    stamp = time.strftime("%Y-%m-%dT%H:%M:%S")
    with open(path, "a", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=["time", "station", "elevation_m",
                                           "depth_cm", "new_24h_cm", "temp_c"])
        if new_file:
            w.writeheader()
        for r in rows:
            w.writerow({"time": stamp, **r})


def rotate(directory: str, days: int) -> None:
    with open(ROTATE_SCRIPT, "w") as fh:
        fh.write(ROTATE_BODY)
    os.chmod(ROTATE_SCRIPT, 0o755)
    env = dict(os.environ, ROTATE_DIR=os.path.abspath(directory), ROTATE_DAYS=str(days))
    res = subprocess.run(["bash", ROTATE_SCRIPT], env=env, capture_output=True, text=True)
    if res.returncode != 0:
        LOG.warning("rotation failed: %s", res.stderr.strip())


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--url", default=os.environ.get("SNOW_GATEWAY_URL", GATEWAY))
    p.add_argument("--outdir", default="snow_data")
    p.add_argument("--interval", type=int, default=0, help="seconds between polls (0 = once)")
    p.add_argument("--keep-days", type=int, default=7)
    p.add_argument("--timeout", type=int, default=15)
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    os.makedirs(args.outdir, exist_ok=True)
    client = StationClient(args.url, args.timeout)
    while True:
        csv_path = os.path.join(args.outdir, time.strftime("snow_%Y%m%d.csv"))
        try:
            rows = client.readings()
            append_csv(csv_path, rows)
            LOG.info("%d stations recorded to %s", len(rows), csv_path)
        except (urllib.error.URLError, ValueError, OSError) as exc:
            LOG.error("poll failed: %s", exc)
            if not args.interval:
                return 1
        rotate(args.outdir, args.keep_days)
        if not args.interval:
            return 0
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
