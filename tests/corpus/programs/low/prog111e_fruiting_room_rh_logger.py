#!/usr/bin/env python3
"""Fruiting room humidity / temperature logger.

Polls the ESP32 hygrometer nodes in each fruiting and incubation room over
HTTP, appends readings to daily CSV files under ./logs and raises an alarm
line in the log when relative humidity drops below the pinning threshold.
"""
import argparse
import csv
import json
import logging
import time
from datetime import datetime, timezone
from pathlib import Path

import requests

LOG = logging.getLogger("rhlogger")

DEFAULT_CONFIG = {
    "site": "myco-farm",
    "rooms": {
        "fruiting-a": "http://10.0.4.21/sensor.json",
        "fruiting-b": "http://10.0.4.22/sensor.json",
        "incubation": "http://10.0.4.30/sensor.json",
    },
    "interval": 60,
    "log_dir": "logs",
    "rh_alarm_low": 82.0,
}


def load_config(path):
    cfg = dict(DEFAULT_CONFIG)
    if path and Path(path).is_file():
        with open(path, encoding="utf-8") as fh:
            cfg.update(json.load(fh))
        LOG.info("loaded config from %s", path)
    else:
        LOG.info("no config file, using defaults")
    return cfg


class RoomPoller:
    def __init__(self, name, url, timeout=5.0):
        self.name = name
        self.url = url
        self.timeout = timeout
        self.failures = 0

    def read(self):
        resp = requests.get(self.url, timeout=self.timeout)
        resp.raise_for_status()
        data = resp.json()
        return {
            "ts": datetime.now(timezone.utc).isoformat(timespec="seconds"),
            "room": self.name,
            "rh": round(float(data.get("humidity", "nan")), 1),
            "temp_c": round(float(data.get("temperature", "nan")), 1),
            "co2_ppm": int(data.get("co2", 0)),
        }


class CsvSink:
    FIELDS = ["ts", "room", "rh", "temp_c", "co2_ppm"]

    def __init__(self, log_dir):
        self.log_dir = Path(log_dir)
        self.log_dir.mkdir(parents=True, exist_ok=True)

    def write(self, row):
        path = self.log_dir / f"{row['room']}_{row['ts'][:10]}.csv"
        new_file = not path.exists()
        with open(path, "a", newline="", encoding="utf-8") as fh:
            writer = csv.DictWriter(fh, fieldnames=self.FIELDS)
            if new_file:
                writer.writeheader()
            writer.writerow(row)


def poll_once(pollers, sink, rh_low):
    for poller in pollers:
        try:
            row = poller.read()
        except (requests.RequestException, ValueError) as exc:
            poller.failures += 1
            LOG.warning("%s: read failed (%d in a row): %s",
                        poller.name, poller.failures, exc)
            continue
        poller.failures = 0
        sink.write(row)
        if row["rh"] < rh_low:
            LOG.error("ALARM %s RH %.1f%% below %.1f%%", row["room"], row["rh"], rh_low)
        else:
            LOG.info("%s RH %.1f%% T %.1fC CO2 %d", row["room"], row["rh"],
                     row["temp_c"], row["co2_ppm"])


def main():
    parser = argparse.ArgumentParser(description="Fruiting room humidity logger")
    parser.add_argument("-c", "--config", default="rhlogger.json")
    parser.add_argument("-i", "--interval", type=int)
    parser.add_argument("--once", action="store_true", help="poll once and exit")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    interval = args.interval or int(cfg["interval"])
    pollers = [RoomPoller(name, url) for name, url in cfg["rooms"].items()]
    sink = CsvSink(cfg["log_dir"])

    while True:
        poll_once(pollers, sink, float(cfg["rh_alarm_low"]))
        if args.once:
            break
        time.sleep(interval)


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        LOG.info("stopped")
