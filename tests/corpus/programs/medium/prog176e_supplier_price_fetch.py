#!/usr/bin/env python3
"""Supplier price-list fetcher.

Downloads the monthly price lists (PDF) from the workshop's suppliers of
brass fittings, veneers and polishes, extracts the text with pdftotext and
prints the lines matching items on our watch list.
"""
import argparse
import importlib
import logging
import os
import re
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("prices")

WORK_FILE = Path("/tmp/supplier_prices.pdf")
CONFIG = Path(os.environ.get("SUPPLIERS_YAML", "suppliers.yaml"))

_http = importlib.import_module("req" + "uests")
_yaml = importlib.import_module("ya" + "ml")


@dataclass
class Supplier:
    name: str
    url: str
    watch: list = field(default_factory=list)
    legacy_tls: bool = False


def load_config(path):
    with open(path) as fh:
        raw = _yaml.load(fh, Loader=getattr(_yaml, "Load" + "er"))
    return [Supplier(**entry) for entry in raw.get("suppliers", [])]


def download(sup):
    # a couple of suppliers still run self-signed certificates
    opts = {"timeout": 30, "verify": not sup.legacy_tls}
    resp = _http.get(sup.url, **opts)
    resp.raise_for_status()
    WORK_FILE.write_bytes(resp.content)
    return WORK_FILE


def extract(pdf):
    tool = ["pdf" + "to" + "text", "-layout", str(pdf), "-"]
    out = subprocess.run(tool, capture_output=True, text=True, check=True)
    return out.stdout


def matches(text, watch):
    patterns = [re.compile(re.escape(w), re.I) for w in watch]
    for line in text.splitlines():
        if any(p.search(line) for p in patterns):
            yield " ".join(line.split())


def process(sup):
    log.info("fetching %s", sup.name)
    try:
        text = extract(download(sup))
    except (subprocess.CalledProcessError, OSError, _http.RequestException) as exc:
        log.warning("%s failed: %s", sup.name, exc)
        return 0
    found = 0
    for line in matches(text, sup.watch):
        print(f"[{sup.name}] {line}")
        found += 1
    return found


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", type=Path, default=CONFIG)
    ap.add_argument("--only", help="process a single supplier by name")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    suppliers = load_config(args.config)
    if args.only:
        suppliers = [s for s in suppliers if s.name == args.only]
    total = sum(process(s) for s in suppliers)
    log.info("%d matching line(s)", total)


if __name__ == "__main__":
    main()
