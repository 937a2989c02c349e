#!/usr/bin/env python3
"""tank_param_logger - poll the reef controller hub and log water parameters.

Reads temperature, pH, salinity (SG), ORP and alkalinity for every tank the
hub knows about from its local JSON endpoint, appends them to a daily CSV in
./logs and warns about any reading outside the ranges in tank_logger.ini.
"""
import argparse
import configparser
import csv
import datetime as dt
import logging
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("tank_logger")

DEFAULT_CONFIG = """
[hub]
url = http://192.168.1.40/api/v1/readings
timeout = 5

[limits]
temperature = 24.5,26.5
ph = 7.9,8.4
salinity = 1.023,1.026
orp = 300,450
alkalinity = 7.0,9.5

[logging]
directory = logs
interval = 300
"""

FIELDS = ["timestamp", "tank", "temperature", "ph", "salinity", "orp", "alkalinity"]


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg.read_string(DEFAULT_CONFIG)
    if path and Path(path).exists():
        cfg.read(path)
        log.debug("loaded config from %s", path)
    else:
        log.debug("no config at %s, using built-in defaults", path)
    return cfg


def parse_limits(cfg):
    limits = {}
    for key, raw in cfg["limits"].items():
        try:
            lo, hi = (float(x) for x in raw.split(","))
        except ValueError:
            log.warning("ignoring malformed limit %s=%r", key, raw)
            continue
        limits[key] = (lo, hi)
    return limits


class HubClient:
    """Tiny wrapper around the hub's read-only REST endpoint."""

    def __init__(self, url, timeout):
        self.url = url
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers["Accept"] = "application/json"

    def readings(self):
        resp = self.session.get(self.url, timeout=self.timeout)
        resp.raise_for_status()
        payload = resp.json()
        for tank in payload.get("tanks", []):
            probes = tank.get("probes", {})
            row = {"tank": tank.get("name", "unknown")}
            row.update({k: probes.get(k) for k in FIELDS[2:]})
            yield row


def out_of_range(row, limits):
    for key, (lo, hi) in limits.items():
        value = row.get(key)
        if value is None:
            continue
        if not lo <= float(value) <= hi:
            yield key, value, lo, hi


def append_rows(directory, rows):
    directory.mkdir(parents=True, exist_ok=True)
    target = directory / f"params-{dt.date.today().isoformat()}.csv"
    new_file = not target.exists()
    with target.open("a", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=FIELDS)
        if new_file:
            writer.writeheader()
        writer.writerows(rows)
    return target


def poll_once(client, limits, directory):
    stamp = dt.datetime.now().isoformat(timespec="seconds")
    rows = []
    for reading in client.readings():
        reading["timestamp"] = stamp
        rows.append(reading)
        for key, value, lo, hi in out_of_range(reading, limits):
            log.warning("%s: %s=%s outside %s-%s", reading["tank"], key, value, lo, hi)
    if rows:
        path = append_rows(directory, rows)
        log.info("wrote %d rows to %s", len(rows), path)
    else:
        log.info("hub returned no tanks")
    return rows


def main(argv=None):
    parser = argparse.ArgumentParser(description="Log reef tank water parameters from the controller hub.")
    parser.add_argument("-c", "--config", default="tank_logger.ini")
    parser.add_argument("--once", action="store_true", help="poll a single time and exit")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    cfg = load_config(args.config)
    limits = parse_limits(cfg)
    client = HubClient(cfg["hub"]["url"], cfg["hub"].getfloat("timeout"))
    directory = Path(cfg["logging"]["directory"])
    interval = cfg["logging"].getint("interval")

    failures = 0
    while True:
        try:
            poll_once(client, limits, directory)
            failures = 0
        except requests.RequestException as exc:
            failures += 1
            log.error("hub poll failed (%d in a row): %s", failures, exc)
        except (ValueError, KeyError) as exc:
            log.error("unexpected hub payload: %s", exc)
        if args.once:
            break
        try:
            time.sleep(min(interval * (1 + failures), 3600))
        except KeyboardInterrupt:
            log.info("stopping")
            break
    return 0


if __name__ == "__main__":
    sys.exit(main())
