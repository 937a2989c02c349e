#!/usr/bin/env python3
"""Fetch the monthly product catalogue from the grooming-products supplier.

The supplier still publishes over plain FTP: a tarball with the price
sheet and product photos. This downloads and unpacks it for stock-taking.
"""
import argparse
import ftplib
import logging
import os
import tarfile
from datetime import date
from pathlib import Path

log = logging.getLogger("supplier_fetch")

FTP_HOST = os.environ.get("SUPPLIER_FTP_HOST", "ftp.example.net")
FTP_USER = os.environ.get("SUPPLIER_FTP_USER", "sharpco")
FTP_PASS = os.environ.get("SUPPLIER_FTP_PASS", "")
REMOTE_DIR = "/catalogue"


class SupplierFTP:
    def __init__(self, host, user, password):
        self.host = host
        self.user = user
        self.password = password
        self.ftp = None

    def __enter__(self):
        self.ftp = ftplib.FTP(self.host, timeout=30)
        self.ftp.login(self.user, self.password)
        self.ftp.cwd(REMOTE_DIR)
        log.info("connected to %s as %s", self.host, self.user)
        return self

    def __exit__(self, *exc):
        try:
            self.ftp.quit()
        except ftplib.all_errors:
            self.ftp.close()

    def latest(self):
        names = [n for n in self.ftp.nlst() if n.endswith(".tar.gz")]
        if not names:
            raise FileNotFoundError("no catalogue on server")
        return sorted(names)[-1]

    def download(self, name, dest: Path):
        with open(dest, "wb") as fh:
            self.ftp.retrbinary(f"RETR {name}", fh.write)
        log.info("downloaded %s (%d bytes)", name, dest.stat().st_size)


def unpack(archive: Path, out_dir: Path):
    out_dir.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive, "r:gz") as tar:
        members = tar.getmembers()
        tar.extractall(out_dir)
    log.info("unpacked %d entries into %s", len(members), out_dir)


def main():
    parser = argparse.ArgumentParser(description="Fetch supplier catalogue")
    parser.add_argument("--out", default="catalogue")
    parser.add_argument("--name", help="specific archive name")
    parser.add_argument("--keep-archive", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not FTP_PASS:
        parser.error("set SUPPLIER_FTP_PASS")

    out_root = Path(args.out)
    out_root.mkdir(exist_ok=True)
    with SupplierFTP(FTP_HOST, FTP_USER, FTP_PASS) as sup:
        name = args.name or sup.latest()
        archive = out_root / name
        sup.download(name, archive)

    unpack(archive, out_root / date.today().strftime("%Y-%m"))
    if not args.keep_archive:
        archive.unlink()


if __name__ == "__main__":
    main()
