#!/usr/bin/env python3
"""Tank probe logger.

Polls the ESP32 probe hub on each tank (water temperature, pH, dissolved
oxygen, free ammonia) over its JSON endpoint and appends the readings to a
daily CSV per tank.  Out-of-band values are logged as alarms so the grower
sees them in the morning summary.

Config lives in tankpoll.ini next to the script; see DEFAULTS for keys.
"""
import argparse
import configparser
import csv
import datetime as dt
import json
import logging
import os
import socket
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("tankprobe")

DEFAULTS = {
    "hubs": "tank-a=http://192.168.4.21/api/readings,tank-b=http://192.168.4.22/api/readings",
    "interval": "30",
    "out_dir": "readings",
}

BANDS = {
    "temp_c": (22.0, 28.0),
    "ph": (6.8, 7.6),
    "do_mgl": (5.0, 12.0),
    "nh3_ppm": (0.0, 0.5),
}

FIELDS = ["ts", "temp_c", "ph", "do_mgl", "nh3_ppm"]


def load_config(path):
    cp = configparser.ConfigParser()
    cp["poller"] = DEFAULTS
    if path and os.path.exists(path):
        cp.read(path)
        log.info("loaded config %s", path)
    return cp["poller"]


def parse_hubs(spec):
    hubs = {}
    for item in spec.split(","):
        name, _, url = item.strip().partition("=")
        if name and url:
            hubs[name] = url
    return hubs


def fetch(url, retries=3):
    for attempt in range(1, retries + 1):
        try:
            with urllib.request.urlopen(url, timeout=5) as resp:
                return json.load(resp)
        except (urllib.error.URLError, socket.timeout, ValueError) as exc:
            log.warning("fetch %s failed (%d/%d): %s", url, attempt, retries, exc)
            time.sleep(attempt)
    return None


def check_bands(tank, reading):
    alarms = 0
    for key, (lo, hi) in BANDS.items():
        val = reading.get(key)
        if val is None:
            continue
        if not lo <= float(val) <= hi:
            log.warning("ALARM %s %s=%s outside %.2f..%.2f", tank, key, val, lo, hi)
            alarms += 1
    return alarms


class CsvSink:
    """One CSV per tank per day, header written on first use."""

    def __init__(self, out_dir):
        self.out_dir = Path(out_dir)
        self.out_dir.mkdir(parents=True, exist_ok=True)

    def write(self, tank, reading):
        day = dt.date.today().isoformat()
        path = self.out_dir / f"{tank}_{day}.csv"
        new = not path.exists()
        with path.open("a", newline="") as fh:
            w = csv.DictWriter(fh, fieldnames=FIELDS, extrasaction="ignore")
            if new:
                w.writeheader()
            row = dict(reading)
            row["ts"] = dt.datetime.now().isoformat(timespec="seconds")
            w.writerow(row)


def poll_once(hubs, sink):
    total_alarms = 0
    for tank, url in hubs.items():
        reading = fetch(url)
        if reading is None:
            log.error("%s: no data", tank)
            continue
        sink.write(tank, reading)
        total_alarms += check_bands(tank, reading)
    return total_alarms


def main(argv=None):
    ap = argparse.ArgumentParser(description="Poll aquaponics tank probe hubs")
    ap.add_argument("-c", "--config", default="tankpoll.ini")
    ap.add_argument("--once", action="store_true", help="poll a single time and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    hubs = parse_hubs(cfg["hubs"])
    if not hubs:
        log.error("no hubs configured")
        return 2
    sink = CsvSink(cfg["out_dir"])

    if args.once:
        poll_once(hubs, sink)
        return 0

    interval = cfg.getint("interval")
    log.info("polling %d hubs every %ds", len(hubs), interval)
    try:
        while True:
            alarms = poll_once(hubs, sink)
            if alarms:
                log.info("%d alarm(s) this cycle", alarms)
            time.sleep(interval)
    except KeyboardInterrupt:
        log.info("stopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
