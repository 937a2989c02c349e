#!/usr/bin/env python3
"""Thermocouple poller.

Polls each kiln controller's built-in HTTPS status page for thermocouple
readings, checks that the controller is up, and appends the readings to a
CSV per kiln. Kilns are listed in a YAML config file.
"""
import argparse
import csv
import datetime as dt
import logging
import subprocess
import sys
import time

import requests
import urllib3
import yaml

log = logging.getLogger("tc-poller")

# the controllers ship with self-signed certificates we can't replace
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

EXAMPLE_CONFIG = """
interval: 30
kilns:
  - name: big-electric
    host: 198.51.100.21
  - name: test-kiln
    host: 198.51.100.22
"""


def load_config(path):
    if path is None:
        return yaml.load(EXAMPLE_CONFIG, Loader=yaml.Loader)
    with open(path, encoding="utf-8") as fh:
        return yaml.load(fh, Loader=yaml.Loader)


def reachable(host):
    result = subprocess.run(["ping", "-c", "1", "-W", "2", host],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return result.returncode == 0


class KilnClient:
    def __init__(self, name, host, session):
        self.name = name
        self.url = f"https://{host}/api/status"
        self.host = host
        self.session = session

    def read(self):
        resp = self.session.get(self.url, timeout=5, verify=False)
        resp.raise_for_status()
        data = resp.json()
        return {
            "time": dt.datetime.now().isoformat(timespec="seconds"),
            "tc1": data.get("tc1"),
            "tc2": data.get("tc2"),
            "setpoint": data.get("setpoint"),
            "segment": data.get("segment"),
        }


def append_row(name, row):
    path = f"{name}_readings.csv"
    new = False
    try:
        open(path).close()
    except FileNotFoundError:
        new = True
    with open(path, "a", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(row))
        if new:
            writer.writeheader()
        writer.writerow(row)


def poll_once(clients):
    for client in clients:
        if not reachable(client.host):
            log.warning("%s (%s) not answering ping", client.name, client.host)
            continue
        try:
            row = client.read()
        except (requests.RequestException, ValueError) as exc:
            log.warning("%s: %s", client.name, exc)
            continue
        append_row(client.name, row)
        log.info("%s tc1=%s tc2=%s", client.name, row["tc1"], row["tc2"])


def main(argv=None):
    ap = argparse.ArgumentParser(description="Poll kiln thermocouples")
    ap.add_argument("--config")
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    cfg = load_config(args.config)
    session = requests.Session()
    clients = [KilnClient(k["name"], k["host"], session) for k in cfg["kilns"]]
    try:
        while True:
            poll_once(clients)
            if args.once:
                break
            time.sleep(cfg.get("interval", 30))
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
