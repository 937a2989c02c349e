#!/usr/bin/env python3
"""Import a supplier's monthly trade price archive into the chandlery DB.

Some of our wholesalers (rope, antifouling, rigging hardware) publish a
monthly .tar.gz containing a feed.yaml manifest and one CSV per product
group. This downloads the archive for the requested month, unpacks it under
./price_archives/<supplier>/<yyyy-mm>/, reads the manifest and loads every
listed CSV into prices.sqlite3.

    price_archive_import.py --supplier ropeworks --month 2024-03
"""
import argparse
import csv
import logging
import shutil
import sqlite3
import sys
import tarfile
import urllib.request
from pathlib import Path

import yaml

LOG = logging.getLogger("price_import")

SUPPLIERS = {
    "ropeworks": "https://trade.ropeworks.example.com/pricelists/{month}.tar.gz",
    "hullguard": "https://dealers.hullguard.example.net/archive/{month}.tgz",
    "rigfit": "https://b2b.rigfit.example.org/exports/prices-{month}.tar.gz",
}
ARCHIVE_ROOT = Path("price_archives")
DB = Path("prices.sqlite3")


def download(url, dest, attempts=3):
    req = urllib.request.Request(url, headers={"User-Agent": "chandlery-prices/1.2"})
    for n in range(1, attempts + 1):
        try:
            with urllib.request.urlopen(req, timeout=60) as resp, open(dest, "wb") as fh:
                shutil.copyfileobj(resp, fh)
            return dest
        except OSError as exc:
            LOG.warning("download attempt %d failed: %s", n, exc)
    raise RuntimeError(f"could not download {url}")


def unpack(archive, target):
    target.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive, "r:*") as tar:
        tar.extractall(target)
    LOG.info("unpacked %s into %s", archive.name, target)


def read_manifest(target):
    for name in ("feed.yaml", "feed.yml", "manifest.yaml"):
        path = target / name
        if path.exists():
            with path.open() as fh:
                return yaml.load(fh, Loader=yaml.Loader)
    raise FileNotFoundError(f"no manifest in {target}")


def ensure_schema(conn):
    conn.execute("""CREATE TABLE IF NOT EXISTS prices (
        supplier TEXT, month TEXT, sku TEXT, description TEXT,
        unit TEXT, trade_price REAL, rrp REAL,
        PRIMARY KEY (supplier, month, sku))""")


def load_group(conn, supplier, month, csv_path, columns):
    sku_col = columns.get("sku", "sku")
    desc_col = columns.get("description", "description")
    unit_col = columns.get("unit", "unit")
    price_col = columns.get("trade", "trade_price")
    rrp_col = columns.get("rrp", "rrp")
    rows = 0
    with csv_path.open(newline="", encoding=columns.get("encoding", "utf-8")) as fh:
        for rec in csv.DictReader(fh, delimiter=columns.get("delimiter", ",")):
            try:
                conn.execute(
                    "INSERT OR REPLACE INTO prices VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (supplier, month, rec[sku_col].strip(), rec.get(desc_col, ""),
                     rec.get(unit_col, "ea"), float(rec[price_col]),
                     float(rec.get(rrp_col) or 0)))
                rows += 1
            except (KeyError, ValueError) as exc:
                LOG.debug("skipped row in %s: %s", csv_path.name, exc)
    return rows


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--supplier", required=True, choices=sorted(SUPPLIERS))
    ap.add_argument("--month", required=True, help="yyyy-mm")
    ap.add_argument("--archive", help="use a local archive instead of downloading")
    ap.add_argument("--keep", action="store_true", help="keep the downloaded archive")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    target = ARCHIVE_ROOT / args.supplier / args.month
    if args.archive:
        archive = Path(args.archive)
    else:
        ARCHIVE_ROOT.mkdir(exist_ok=True)
        archive = ARCHIVE_ROOT / f"{args.supplier}-{args.month}.tar.gz"
        url = SUPPLIERS[args.supplier].format(month=args.month)
        try:
            download(url, archive)
        except RuntimeError as exc:
            LOG.error("%s", exc)
            return 1

    try:
        unpack(archive, target)
        manifest = read_manifest(target)
    except (tarfile.TarError, FileNotFoundError, yaml.YAMLError) as exc:
        LOG.error("archive problem: %s", exc)
        return 1

    total = 0
    with sqlite3.connect(DB) as conn:
        ensure_schema(conn)
        for group in manifest.get("groups", []):
            csv_path = target / group["file"]
            if not csv_path.exists():
                LOG.warning("manifest lists missing file %s", group["file"])
                continue
            n = load_group(conn, args.supplier, args.month, csv_path,
                           group.get("columns", {}))
            LOG.info("%-28s %5d prices", group.get("name", group["file"]), n)
            total += n

    if not args.archive and not args.keep:
        archive.unlink(missing_ok=True)
    LOG.info("imported %d prices for %s %s", total, args.supplier, args.month)
    return 0


if __name__ == "__main__":
    sys.exit(main())
