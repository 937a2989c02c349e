#!/usr/bin/env python3
"""Refresh the local copy of carrier rate cards.

Each carrier publishes a gzipped tarball of zone/weight CSVs. The tool
downloads the archives listed in carriers.json, unpacks them into ./rates/<carrier>
and builds a compact JSON lookup used by the quoting screen."""

import argparse
import csv
import json
import logging
import shutil
import sys
import tarfile
import urllib.request
from pathlib import Path

log = logging.getLogger("rates")
DOWNLOADS = Path("downloads")
RATES = Path("rates")


class Carrier:
    def __init__(self, code: str, spec: dict):
        self.code = code
        self.url = spec["archive_url"]
        self.currency = spec.get("currency", "GBP")

    @property
    def archive(self) -> Path:
        return DOWNLOADS / f"{self.code}.tar.gz"

    @property
    def target(self) -> Path:
        return RATES / self.code


def load_carriers(path: Path):
    with path.open() as fh:
        cfg = json.load(fh)
    return [Carrier(code, spec) for code, spec in cfg.get("carriers", {}).items()]


def download(carrier: Carrier, timeout: int) -> Path:
    DOWNLOADS.mkdir(exist_ok=True)
    with urllib.request.urlopen(carrier.url, timeout=timeout) as resp, \
            carrier.archive.open("wb") as out:
        shutil.copyfileobj(resp, out)
    log.info("%s: %d bytes", carrier.code, carrier.archive.stat().st_size)
    return carrier.archive


def unpack(archive: Path, dest: Path) -> None:
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    with tarfile.open(archive, mode="r:gz") as bundle:
        bundle.extractall(dest)


def index_rates(carrier: Carrier) -> dict:
    table = {}
    for sheet in carrier.target.rglob("*.csv"):
        with sheet.open(newline="") as fh:
            for row in csv.DictReader(fh):
                key = f"{row['zone']}:{row['max_kg']}"
                table[key] = float(row["price"])
    return {"currency": carrier.currency, "rates": table}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", type=Path, default=Path("carriers.json"))
    ap.add_argument("--only", nargs="*", default=None)
    ap.add_argument("--timeout", type=int, default=60)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    lookup, failures = {}, 0
    for carrier in load_carriers(args.config):
        if args.only and carrier.code not in args.only:
            continue
        try:
            unpack(download(carrier, args.timeout), carrier.target)
            lookup[carrier.code] = index_rates(carrier)
        except (OSError, tarfile.TarError, KeyError, ValueError) as exc:
            log.error("%s failed: %s", carrier.code, exc)
            failures += 1
    Path("rate-lookup.json").write_text(json.dumps(lookup, indent=1, sort_keys=True))
    log.info("indexed %d carriers, %d failures", len(lookup), failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
