#!/usr/bin/env python3
"""Render Niskin / sediment sample labels for the shipboard Zebra printers.

The label layouts are maintained by the data management group on the
shipboard label server so every lab prints the same format. This tool pulls
the current layout for the requested label stock, fills it from the bottle
log CSV and writes one ZPL file per label (plus an HTML proof sheet) into
./labels_out for the print spooler to pick up.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import sys
from dataclasses import dataclass, asdict
from pathlib import Path

import requests
from jinja2 import Environment, DictLoader

log = logging.getLogger("labels")

LABEL_SERVER = os.environ.get("LABEL_SERVER", "http://labels.ship.lan:8080")
CACHE_DIR = Path("./label_cache")
OUT_DIR = Path("./labels_out")


@dataclass
class Sample:
    cruise: str
    station: str
    cast: str
    bottle: str
    depth_m: float
    parameter: str
    collected_utc: str

    @property
    def sample_id(self):
        return f"{self.cruise}-{self.station}-{self.cast}-{self.bottle}-{self.parameter}".upper()


def read_bottle_log(path):
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                yield Sample(
                    cruise=row["cruise"].strip(),
                    station=row["station"].strip(),
                    cast=row["cast"].strip(),
                    bottle=row["bottle"].strip(),
                    depth_m=float(row["depth_m"]),
                    parameter=row["parameter"].strip(),
                    collected_utc=row["utc"].strip(),
                )
            except (KeyError, ValueError) as exc:
                log.warning("skipping row %r: %s", row, exc)


class LayoutStore:
    """Fetches label layouts from the label server, with a local cache."""

    def __init__(self, server, stock):
        self.server = server.rstrip("/")
        self.stock = stock
        CACHE_DIR.mkdir(exist_ok=True)

    def _cache_path(self, kind):
        key = hashlib.md5(f"{self.server}|{self.stock}|{kind}".encode()).hexdigest()
        return CACHE_DIR / f"{self.stock}-{kind}-{key[:10]}.j2"

    def fetch(self, kind, offline=False):
        cached = self._cache_path(kind)
        if offline and cached.exists():
            return cached.read_text()
        url = f"{self.server}/layouts/{self.stock}/{kind}.j2"
        try:
            resp = requests.get(url, timeout=15)
            resp.raise_for_status()
            cached.write_text(resp.text)
            return resp.text
        except requests.RequestException as exc:
            if cached.exists():
                log.warning("label server unreachable (%s), using cached %s", exc, cached.name)
                return cached.read_text()
            raise


def build_environment(store, offline):
    templates = {
        "zpl": store.fetch("zpl", offline),
        "proof": store.fetch("proof", offline),
    }
    env = Environment(loader=DictLoader(templates), autoescape=False,
                      trim_blocks=True, lstrip_blocks=True)
    env.filters["depth"] = lambda v: f"{v:0.1f} m"
    return env


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("bottle_log", help="bottle log CSV exported from the sampling sheet")
    ap.add_argument("--stock", default="2x1_cryo", help="label stock / layout name")
    ap.add_argument("--offline", action="store_true", help="prefer cached layouts")
    ap.add_argument("--copies", type=int, default=1)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    store = LayoutStore(LABEL_SERVER, args.stock)
    try:
        env = build_environment(store, args.offline)
    except requests.RequestException as exc:
        log.error("cannot load layout %s: %s", args.stock, exc)
        return 1

    OUT_DIR.mkdir(exist_ok=True)
    zpl_tpl = env.get_template("zpl")
    samples = list(read_bottle_log(args.bottle_log))
    for s in samples:
        ctx = asdict(s) | {"sample_id": s.sample_id, "copies": args.copies}
        (OUT_DIR / f"{s.sample_id}.zpl").write_text(zpl_tpl.render(**ctx))

    proof = env.get_template("proof").render(samples=samples, stock=args.stock)
    (OUT_DIR / "proof.html").write_text(proof)
    (OUT_DIR / "index.json").write_text(json.dumps([s.sample_id for s in samples], indent=1))
    log.info("rendered %d labels into %s", len(samples), OUT_DIR)
    return 0


if __name__ == "__main__":
    sys.exit(main())
