#!/usr/bin/env python3
"""Pull the weekly price list from the dry-goods wholesaler.

The wholesaler still publishes on plain FTP: a tarball containing one CSV
per brand.  We download the newest one, unpack it and print the lines whose
price changed since last week.
"""
import argparse
import csv
import ftplib
import logging
import os
import tarfile
from pathlib import Path

LOG = logging.getLogger("pricelist")

FTP_HOST = os.environ.get("SUPPLIER_FTP_HOST", "ftp.example.net")
FTP_USER = os.environ.get("SUPPLIER_FTP_USER", "scalesandtails")
FTP_PASS = os.environ.get("SUPPLIER_FTP_PASS", "")
REMOTE_DIR = "/pricelists"


def fetch_latest(dest: Path) -> Path:
    with ftplib.FTP(FTP_HOST, timeout=30) as ftp:
        ftp.login(FTP_USER, FTP_PASS)
        ftp.cwd(REMOTE_DIR)
        names = sorted(n for n in ftp.nlst() if n.endswith(".tar.gz"))
        if not names:
            raise FileNotFoundError("no price lists on server")
        latest = names[-1]
        local = dest / latest
        if local.exists():
            LOG.info("%s already downloaded", latest)
            return local
        with local.open("wb") as fh:
            ftp.retrbinary(f"RETR {latest}", fh.write)
        LOG.info("downloaded %s (%d bytes)", latest, local.stat().st_size)
        return local


def unpack(archive: Path, dest: Path) -> Path:
    out = dest / archive.name.replace(".tar.gz", "")
    out.mkdir(exist_ok=True)
    with tarfile.open(archive, "r:gz") as tar:
        tar.extractall(out)
    return out


def load_prices(folder: Path) -> dict:
    prices = {}
    for csv_path in sorted(folder.glob("*.csv")):
        with csv_path.open(newline="", encoding="latin-1") as fh:
            for row in csv.DictReader(fh):
                try:
                    prices[row["code"]] = (row["description"], float(row["trade_price"]))
                except (KeyError, ValueError):
                    continue
    return prices


def diff(old: dict, new: dict):
    for code, (desc, price) in sorted(new.items()):
        if code not in old:
            yield code, desc, None, price
        elif abs(old[code][1] - price) > 0.005:
            yield code, desc, old[code][1], price


def main():
    parser = argparse.ArgumentParser(description="Fetch wholesaler price list")
    parser.add_argument("--workdir", type=Path, default=Path("pricelists"))
    parser.add_argument("--previous", type=Path, help="folder of last week's CSVs")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    args.workdir.mkdir(parents=True, exist_ok=True)
    archive = fetch_latest(args.workdir)
    folder = unpack(archive, args.workdir)
    new = load_prices(folder)
    LOG.info("%d products in new list", len(new))

    if args.previous and args.previous.is_dir():
        old = load_prices(args.previous)
        for code, desc, before, after in diff(old, new):
            if before is None:
                print(f"NEW  {code:<12} {desc:<40} {after:>8.2f}")
            else:
                arrow = "UP  " if after > before else "DOWN"
                print(f"{arrow} {code:<12} {desc:<40} {before:>8.2f} -> {after:>8.2f}")


if __name__ == "__main__":
    main()
