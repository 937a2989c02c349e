#!/usr/bin/env python3
"""Poll the weather stations' built-in HTTPS status pages.

The stations ship with self-signed certificates that nobody ever replaced,
so certificate checks are switched off.  Results are written to a TSV in
the working directory and a shell pipeline prints the stations that are
reporting low battery or stale readings.
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
import urllib.request

LOG = logging.getLogger("wx-poll")

DEFAULT_STATIONS = [
    ("ws-north", "https://192.0.2.21/api/status"),
    ("ws-south", "https://192.0.2.22/api/status"),
    ("ws-ridge", "https://192.0.2.23/api/status"),
]

REPORT_PIPELINE = r"""
tail -n +2 "$STATUS_TSV" | awk -F'\t' -v maxage="$MAX_AGE" -v minbat="$MIN_BATT" '
  $2 == "error"          { print "UNREACHABLE  " $1; next }
  $4 + 0 < minbat + 0    { print "LOW BATTERY  " $1 " (" $4 " V)" }
  $5 + 0 > maxage + 0    { print "STALE        " $1 " (" $5 " s old)" }
' | sort
"""


def insecure_context():
    ctx = ssl.create_default_context()
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    return ctx


class StationPoller:
    def __init__(self, timeout):
        self.timeout = timeout
        self.ctx = insecure_context()

    def poll(self, name, url):
        try:
            with urllib.request.urlopen(url, timeout=self.timeout, context=self.ctx) as resp:
                data = json.load(resp)
        except (OSError, ValueError) as exc:
            LOG.warning("%s: %s", name, exc)
            return {"name": name, "state": "error", "temp_c": "", "battery_v": 0, "age_s": 0}
        last = float(data.get("last_reading_epoch", 0))
        return {
            "name": name,
            "state": data.get("state", "unknown"),
            "temp_c": data.get("air_temp_c", ""),
            "battery_v": data.get("battery_v", 0),
            "age_s": int(time.time() - last) if last else 999999,
        }


def load_stations(path):
    if not path:
        return DEFAULT_STATIONS
    with open(path) as fh:
        return [(s["name"], s["url"]) for s in json.load(fh)]


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--stations", help="JSON list of {name, url}")
    p.add_argument("--out", default="station_status.tsv")
    p.add_argument("--timeout", type=float, default=8.0)
    p.add_argument("--max-age", type=int, default=900)
    p.add_argument("--min-battery", type=float, default=11.8)
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        stations = load_stations(args.stations)
    except (OSError, ValueError, KeyError) as exc:
        LOG.error("bad station list: %s", exc)
        return 1
    poller = StationPoller(args.timeout)
    fields = ["name", "state", "temp_c", "battery_v", "age_s"]
    with open(args.out, "w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=fields, delimiter="\t")
        writer.writeheader()
        for name, url in stations:
            row = poller.poll(name, url)
            writer.writerow(row)
            LOG.debug("%s -> %s", name, row)
    env = dict(os.environ, STATUS_TSV=args.out, MAX_AGE=str(args.max_age),
               MIN_BATT=str(args.min_battery))
    proc = subprocess.run(["bash", "-c", REPORT_PIPELINE], env=env,
                          capture_output=True, text=True)
    problems = proc.stdout.strip()
    print(problems if problems else "all stations OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
