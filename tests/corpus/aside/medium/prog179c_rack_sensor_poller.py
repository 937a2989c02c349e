#!/usr/bin/env python3
"""Poll the conveyor rack controller and the press boiler sensors.

The conveyor controller on the shop floor exposes a small HTTPS API with a
self-signed certificate. This poller reads slot occupancy and boiler
pressure and writes a CSV the manager opens each morning.
"""
import argparse
import csv
import datetime as dt
import logging
import os
import time
from pathlib import Path

import requests
import urllib3
import yaml

log = logging.getLogger("rackpoll")

DEFAULT_CONFIG = """
controller: https://192.0.2.40:8443
token_env: RACK_API_TOKEN
sensors:
  - {name: boiler_psi, path: /api/sensors/boiler, field: psi, warn: 85}
  - {name: steam_temp, path: /api/sensors/steam, field: celsius, warn: 175}
  - {name: rack_slots, path: /api/conveyor/slots, field: occupied, warn: 480}
"""


def load_config(path):
    text = Path(path).read_text() if path and Path(path).exists() else DEFAULT_CONFIG
    return yaml.load(text, Loader=yaml.Loader)


class Controller:
    def __init__(self, base, token):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers["Authorization"] = f"Bearer {token}"
        # controller ships with a self-signed cert that can't be replaced
        self.session.verify = False
        urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

    def read(self, path, field):
        r = self.session.get(self.base + path, timeout=5)
        r.raise_for_status()
        return r.json().get(field)


def poll(ctrl, sensors):
    row = {"ts": dt.datetime.now().isoformat(timespec="seconds")}
    for s in sensors:
        try:
            val = ctrl.read(s["path"], s["field"])
        except requests.RequestException as exc:
            log.warning("%s unavailable: %s", s["name"], exc)
            val = None
        row[s["name"]] = val
        if val is not None and val >= s.get("warn", float("inf")):
            log.warning("%s high: %s (warn at %s)", s["name"], val, s["warn"])
    return row


def append_csv(path, row):
    new = not path.exists()
    with path.open("a", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=list(row))
        if new:
            w.writeheader()
        w.writerow(row)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default=os.environ.get("RACK_CONFIG", "rackpoll.yaml"))
    ap.add_argument("--out", type=Path, default=Path("readings.csv"))
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("--count", type=int, default=0, help="0 = run forever")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    token = os.environ.get(cfg.get("token_env", "RACK_API_TOKEN"), "")
    ctrl = Controller(cfg["controller"], token)
    n = 0
    while True:
        append_csv(args.out, poll(ctrl, cfg["sensors"]))
        n += 1
        if args.count and n >= args.count:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
