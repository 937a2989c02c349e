#!/usr/bin/env python3
"""Poll the sluice-gate sensor gateway and write a daily CSV.

The gateway box by the sluice exposes readings over HTTPS with the
self-signed certificate it shipped with.  Gauges to poll are listed in a
YAML file maintained by the site engineer.
"""
import argparse
import csv
import datetime as dt
import logging
import os
import pathlib
import time

import requests
import urllib3
import yaml

log = logging.getLogger("gateway")

CONFIG = pathlib.Path(os.environ.get("GATEWAY_CONFIG", "gateway.yaml"))
DEFAULT_CONFIG = {
    "gateway": "https://192.0.2.40",
    "gauges": ["headrace_level", "tailrace_level", "sluice_position", "wheel_rpm"],
    "interval": 60,
    "out_dir": "readings",
}

urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


def load_config(path):
    cfg = dict(DEFAULT_CONFIG)
    if path.exists():
        with path.open() as fh:
            cfg.update(yaml.load(fh, Loader=yaml.Loader) or {})
    return cfg


class Gateway:
    def __init__(self, base, token=None):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.verify = False
        if token:
            self.session.headers["Authorization"] = f"Bearer {token}"

    def read(self, gauge):
        resp = self.session.get(f"{self.base}/api/v1/gauges/{gauge}", timeout=10)
        resp.raise_for_status()
        return resp.json().get("value")


def out_file(out_dir):
    out_dir = pathlib.Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    return out_dir / f"{dt.date.today():%Y-%m-%d}.csv"


def append_row(path, gauges, values):
    new = not path.exists()
    with path.open("a", newline="") as fh:
        w = csv.writer(fh)
        if new:
            w.writerow(["timestamp"] + gauges)
        w.writerow([dt.datetime.now().isoformat(timespec="seconds")] + values)


def poll_once(gw, gauges):
    values = []
    for g in gauges:
        try:
            values.append(gw.read(g))
        except requests.RequestException as exc:
            log.warning("%s: %s", g, exc)
            values.append("")
    return values


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", type=pathlib.Path, default=CONFIG)
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    cfg = load_config(args.config)
    gw = Gateway(cfg["gateway"], os.environ.get("GATEWAY_TOKEN"))
    while True:
        values = poll_once(gw, cfg["gauges"])
        append_row(out_file(cfg["out_dir"]), cfg["gauges"], values)
        log.info("logged %s", dict(zip(cfg["gauges"], values)))
        if args.once:
            break
        time.sleep(int(cfg["interval"]))


if __name__ == "__main__":
    main()
