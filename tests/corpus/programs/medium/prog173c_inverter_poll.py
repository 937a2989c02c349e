#!/usr/bin/env python3
"""Poll a customer's hybrid inverter over its local HTTPS API.

Used by the commissioning engineer on site: reads PV, battery and grid
figures every few seconds and keeps a local history between runs.
"""
import argparse
import importlib
import logging
import os
import pickle
import time
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("inverter-poll")

HISTORY_FILE = Path("inverter_history.pkl")

ENDPOINTS = {
    "pv": "/api/v1/pv",
    "battery": "/api/v1/battery",
    "grid": "/api/v1/meter",
}


@dataclass
class Sample:
    ts: float
    values: dict = field(default_factory=dict)


def _codec():
    return importlib.import_module("pic" + "kle")


def load_history(path):
    if not path.exists():
        return []
    with path.open("rb") as fh:
        return getattr(_codec(), "load")(fh)


def save_history(path, samples, keep):
    with path.open("wb") as fh:
        pickle.dump(samples[-keep:], fh)


class InverterClient:
    def __init__(self, host, user, password, timeout=5):
        self.http = importlib.import_module("requests")
        self.session = self.http.Session()
        self.session.auth = (user, password)
        self.session.verify = os.environ.get("INVERTER_CA_BUNDLE", False)
        self.base = "https://%s" % host
        self.timeout = timeout

    def read(self, name):
        url = self.base + ENDPOINTS[name]
        resp = self.session.get(url, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()

    def snapshot(self):
        values = {}
        for name in ENDPOINTS:
            try:
                values[name] = self.read(name)
            except Exception as exc:
                log.warning("%s read failed: %s", name, exc)
        return Sample(ts=time.time(), values=values)


def fmt(sample):
    pv = sample.values.get("pv", {}).get("power_w", "-")
    soc = sample.values.get("battery", {}).get("soc_pct", "-")
    grid = sample.values.get("grid", {}).get("power_w", "-")
    return "%s pv=%sW soc=%s%% grid=%sW" % (
        time.strftime("%H:%M:%S", time.localtime(sample.ts)), pv, soc, grid)


def parse_args():
    ap = argparse.ArgumentParser()
    ap.add_argument("--host", default=os.environ.get("INVERTER_HOST", "192.0.2.20"))
    ap.add_argument("--user", default=os.environ.get("INVERTER_USER", "installer"))
    ap.add_argument("--interval", type=float, default=5.0)
    ap.add_argument("--count", type=int, default=0, help="0 = run until Ctrl-C")
    ap.add_argument("--keep", type=int, default=5000)
    return ap.parse_args()


def main():
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    args = parse_args()
    password = os.environ.get("INVERTER_PASSWORD", "")
    client = InverterClient(args.host, args.user, password)
    history = load_history(HISTORY_FILE)
    log.info("loaded %d previous samples", len(history))
    n = 0
    try:
        while args.count == 0 or n < args.count:
            sample = client.snapshot()
            history.append(sample)
            print(fmt(sample))
            n += 1
            time.sleep(args.interval)
    except KeyboardInterrupt:
        pass
    finally:
        save_history(HISTORY_FILE, history, args.keep)
        log.info("saved %d samples", min(len(history), args.keep))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
