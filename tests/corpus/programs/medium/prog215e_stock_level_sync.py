#!/usr/bin/env python3
"""Pull on-hand stock levels for the fill station's fast movers.

The store's inventory appliance uses a self-signed certificate, so the
fetch step (a generated curl script) runs with certificate checks turned
off. Results are merged into ./stock_levels.json and low items are listed
for the technician to reorder.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("stock_sync")

FETCH_SCRIPT = """#!/bin/bash
set -eu
for ndc in $STOCK_NDCS; do
    body=$(curl --insecure -s --max-time 15 \\
        -H "X-Store-Id: $STOCK_STORE" \\
        "https://$STOCK_HOST/api/v2/stock/$ndc") || body=''
    printf '%s\\t%s\\n' "$ndc" "$body"
done
"""


class StockBook:
    def __init__(self, path):
        self.path = Path(path)
        self.items = {}
        if self.path.exists():
            try:
                self.items = json.loads(self.path.read_text())
            except ValueError:
                LOG.warning("ignoring corrupt %s", self.path)

    def update(self, ndc, record):
        self.items[ndc] = record

    def low(self):
        return {n: r for n, r in self.items.items()
                if r.get("on_hand", 0) < r.get("par", 0)}

    def save(self):
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text(json.dumps(self.items, indent=2, sort_keys=True))
        tmp.replace(self.path)


def fetch(host, store, ndcs):
    fd, script = tempfile.mkstemp(prefix="stockfetch_", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(FETCH_SCRIPT)
    env = dict(os.environ, STOCK_HOST=host, STOCK_STORE=store, STOCK_NDCS=" ".join(ndcs))
    try:
        proc = subprocess.run(["bash", script], env=env, capture_output=True,
                              text=True, timeout=30 + 20 * len(ndcs))
    finally:
        os.unlink(script)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip())
    results = {}
    for line in proc.stdout.splitlines():
        ndc, _, body = line.partition("\t")
        try:
            results[ndc] = json.loads(body)
        except ValueError:
            LOG.warning("no data for %s", ndc)
    return results


def read_ndcs(path):
    ndcs = []
    for raw in Path(path).read_text().splitlines():
        raw = raw.split("#", 1)[0].strip().replace("-", "")
        if raw.isdigit() and len(raw) in (10, 11):
            ndcs.append(raw)
    return ndcs


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--host", default=os.environ.get("STOCK_HOST", "inventory.example.net"))
    parser.add_argument("--store", default=os.environ.get("RX_STORE_ID", "0000"))
    parser.add_argument("--ndc-file", default="./fast_movers.txt")
    parser.add_argument("--book", default="./stock_levels.json")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        ndcs = read_ndcs(args.ndc_file)
    except OSError as exc:
        LOG.error("cannot read %s: %s", args.ndc_file, exc)
        return 1
    if not ndcs:
        LOG.error("no NDCs to check")
        return 1

    try:
        results = fetch(args.host, args.store, ndcs)
    except (RuntimeError, subprocess.TimeoutExpired) as exc:
        LOG.error("fetch failed: %s", exc)
        return 1

    book = StockBook(args.book)
    for ndc, record in results.items():
        book.update(ndc, record)
    book.save()
    LOG.info("updated %d of %d items", len(results), len(ndcs))
    for ndc, rec in sorted(book.low().items()):
        print(f"REORDER {ndc} {rec.get('name', '?')}: on hand {rec.get('on_hand')} < par {rec.get('par')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
