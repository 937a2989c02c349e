#!/usr/bin/env python3
"""Imports the monthly rate pack that partner quarries send as a .tar.gz
(rates.yaml plus CSV surcharge tables) and merges it into our haul
pricing table."""
import argparse
import csv
import logging
import os
import subprocess
import sys
import tarfile
from pathlib import Path

import yaml

LOG = logging.getLogger("rate-import")


def unpack(archive: Path, dest: Path) -> Path:
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive, "r:gz") as tar:
        tar.extractall(dest)
    LOG.info("unpacked %s into %s", archive, dest)
    return dest


def normalise_encoding(folder: Path) -> None:
    """Partner spreadsheets are often exported as Windows-1252."""
    script = (
        'for f in "$PACK"/*.csv; do [ -e "$f" ] || continue; '
        'if ! iconv -f utf-8 -t utf-8 "$f" >/dev/null 2>&1; then '
        'iconv -f cp1252 -t utf-8 "$f" > "$f.u8" && mv "$f.u8" "$f"; echo "converted $f"; fi; done'
    )
    res = subprocess.run(["sh", "-c", script], env={**os.environ, "PACK": str(folder)},
                         capture_output=True, text=True)
    for line in res.stdout.splitlines():
        LOG.info(line)
    if res.returncode != 0:
        LOG.warning("encoding pass: %s", res.stderr.strip())


def load_rates(folder: Path) -> dict:
    with (folder / "rates.yaml").open() as fh:
        doc = yaml.load(fh, Loader=yaml.Loader)
    if not isinstance(doc, dict) or "products" not in doc:
        raise ValueError("rates.yaml has no products section")
    return doc


def load_surcharges(folder: Path) -> dict:
    table = {}
    path = folder / "surcharges.csv"
    if path.exists():
        with path.open(newline="") as fh:
            for row in csv.DictReader(fh):
                try:
                    table[row["product"]] = float(row["surcharge"])
                except (KeyError, ValueError):
                    continue
    return table


def merge(doc: dict, surcharges: dict, out: Path) -> int:
    supplier = doc.get("supplier", "unknown")
    rows = 0
    new_file = not out.exists()
    with out.open("a", newline="") as fh:
        w = csv.writer(fh)
        if new_file:
            w.writerow(["supplier", "product", "price_per_t", "surcharge", "effective"])
        for item in doc["products"]:
            name = item.get("name")
            price = float(item.get("price", 0))
            w.writerow([supplier, name, f"{price:.2f}",
                        f"{surcharges.get(name, 0.0):.2f}", doc.get("effective", "")])
            rows += 1
    return rows


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("archive", type=Path)
    ap.add_argument("--work", type=Path, default=Path("rate_packs"))
    ap.add_argument("--out", type=Path, default=Path("haul_pricing.csv"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        folder = unpack(args.archive, args.work / args.archive.stem.split(".")[0])
        normalise_encoding(folder)
        doc = load_rates(folder)
        rows = merge(doc, load_surcharges(folder), args.out)
    except (OSError, tarfile.TarError, yaml.YAMLError, ValueError) as exc:
        LOG.error("import failed: %s", exc)
        return 1
    LOG.info("merged %d products into %s", rows, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
