#!/usr/bin/env python3
"""Cage card spooler.

Polls the colony management system for pending cage card jobs and renders
them to ZPL files in a local spool directory, where the Zebra print station
picks them up.  Rendered cards are cached by content hash so re-prints of the
same card are cheap.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import time
from pathlib import Path

import requests

LOG = logging.getLogger("cagecard.spooler")

DEFAULT_CONFIG = {
    "api_base": "https://colony.example-vivarium.org/api/v2",
    "poll_interval": 30,
    "spool_dir": "spool",
    "cache_dir": ".card_cache",
    "label_width_dots": 812,
}

ZPL_TEMPLATE = """^XA
^PW{width}
^CF0,40^FO30,30^FD{cage_id}^FS
^CF0,28^FO30,85^FDStrain: {strain}^FS
^FO30,120^FDPI: {pi}   Protocol: {protocol}^FS
^FO30,155^FDDOB: {dob}   Sex: {sex}   N={count}^FS
^FO30,190^FDRoom {room} / Rack {rack} / Slot {slot}^FS
^BY2^FO30,230^BCN,70,Y,N,N^FD{cage_id}^FS
^XZ
"""


def load_config(path):
    cfg = dict(DEFAULT_CONFIG)
    if path and Path(path).exists():
        with open(path, encoding="utf-8") as fh:
            cfg.update(json.load(fh))
    return cfg


class CardSpooler:
    def __init__(self, cfg, token):
        self.cfg = cfg
        self.session = requests.Session()
        self.session.headers["Authorization"] = f"Bearer {token}"
        self.spool = Path(cfg["spool_dir"])
        self.cache = Path(cfg["cache_dir"])
        self.spool.mkdir(exist_ok=True)
        self.cache.mkdir(exist_ok=True)

    def fetch_jobs(self):
        url = f"{self.cfg['api_base']}/cagecards/pending"
        resp = self.session.get(url, timeout=15)
        resp.raise_for_status()
        return resp.json().get("jobs", [])

    def render(self, job):
        fields = {k: job.get(k, "") for k in (
            "cage_id", "strain", "pi", "protocol", "dob", "sex",
            "count", "room", "rack", "slot")}
        key = hashlib.md5(json.dumps(fields, sort_keys=True).encode()).hexdigest()
        cached = self.cache / f"{key}.zpl"
        if cached.exists():
            return cached.read_text()
        zpl = ZPL_TEMPLATE.format(width=self.cfg["label_width_dots"], **fields)
        cached.write_text(zpl)
        return zpl

    def spool_job(self, job):
        zpl = self.render(job)
        out = self.spool / f"{job['cage_id']}_{job.get('job_id', 'x')}.zpl"
        out.write_text(zpl)
        LOG.info("spooled %s", out.name)

    def run_once(self):
        try:
            jobs = self.fetch_jobs()
        except requests.RequestException as exc:
            LOG.warning("poll failed: %s", exc)
            return 0
        for job in jobs:
            try:
                self.spool_job(job)
            except (KeyError, OSError) as exc:
                LOG.error("job %s skipped: %s", job.get("job_id"), exc)
        return len(jobs)

    def clear_cache(self):
        for f in self.cache.glob("*.zpl"):
            f.unlink()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-c", "--config", default="spooler.json")
    ap.add_argument("--once", action="store_true")
    ap.add_argument("--clear-cache", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    token = os.environ.get("COLONY_API_TOKEN")
    if not token:
        LOG.error("COLONY_API_TOKEN not set")
        return 2
    cfg = load_config(args.config)
    spooler = CardSpooler(cfg, token)
    if args.clear_cache:
        spooler.clear_cache()
    if args.once:
        spooler.run_once()
        return 0
    while True:
        n = spooler.run_once()
        LOG.debug("%d jobs this cycle", n)
        time.sleep(cfg["poll_interval"])


if __name__ == "__main__":
    sys.exit(main())
