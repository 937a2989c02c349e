#!/usr/bin/env python3
"""Fermenter reading uploader.

Polls the Tilt/PLC gateway dump for tank gravity and temperature readings and
forwards them to the BrewLog ingest API using the brewery's API key.
"""
import argparse
import configparser
import json
import logging
import os
import socket
import sys
import time
from pathlib import Path

import requests

LOG = logging.getLogger("fermenter-uploader")

DEFAULT_CONFIG = {
    "ingest_url": "https://ingest.brewlog.example.net/v2/readings",
    "gateway_file": "gateway_readings.json",
    "interval": "60",
}


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg["agent"] = DEFAULT_CONFIG
    if path and Path(path).exists():
        cfg.read(path)
        LOG.info("loaded config from %s", path)
    return cfg["agent"]


def read_tanks(gateway_file):
    """The gateway daemon dumps its latest poll to a JSON file."""
    try:
        with open(gateway_file, encoding="utf-8") as fh:
            raw = json.load(fh)
    except (OSError, ValueError) as exc:
        LOG.warning("gateway file unreadable: %s", exc)
        return []
    tanks = []
    for entry in raw.get("tanks", []):
        tanks.append({
            "tank": entry.get("id"),
            "sg": float(entry.get("gravity", 0.0)),
            "temp_c": float(entry.get("temp", 0.0)),
            "ts": entry.get("ts", int(time.time())),
        })
    return tanks


class Uploader:
    def __init__(self, url, api_key):
        self.url = url
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "User-Agent": f"fermenter-uploader/1.4 ({socket.gethostname()})",
        })

    def push(self, body, retries=3):
        for attempt in range(1, retries + 1):
            try:
                resp = self.session.post(self.url, json=body, timeout=15)
                if resp.ok:
                    return True
                LOG.warning("ingest returned %s (attempt %d)", resp.status_code, attempt)
            except requests.RequestException as exc:
                LOG.warning("ingest unreachable: %s (attempt %d)", exc, attempt)
            time.sleep(2 * attempt)
        return False


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-c", "--config", default="fermenter_agent.ini")
    ap.add_argument("--once", action="store_true", help="send a single batch and exit")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)

    api_key = os.environ.get("BREWLOG_API_KEY")
    if not api_key:
        LOG.error("BREWLOG_API_KEY is not set")
        return 2

    uploader = Uploader(cfg["ingest_url"], api_key)
    interval = int(cfg.get("interval", "60"))

    while True:
        batch = {"gateway": socket.gethostname(), "readings": read_tanks(cfg["gateway_file"])}
        ok = uploader.push(batch)
        LOG.info("pushed %d readings: %s", len(batch["readings"]), "ok" if ok else "failed")
        if args.once:
            break
        time.sleep(interval)
    return 0


if __name__ == "__main__":
    sys.exit(main())
