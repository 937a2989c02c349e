#!/usr/bin/env python3
"""Pull grower invoice bundles.

Two of our growers still drop monthly invoice bundles (.tar.gz) on an old
FTP server; the others publish them behind an HTTPS link with a
self-signed certificate. This fetches both kinds into ./invoices/<grower>/
and unpacks them for the finance spreadsheet.
"""
import argparse
import ftplib
import getpass
import logging
import os
import sys
import tarfile
from pathlib import Path

import requests
import urllib3

log = logging.getLogger("invoice_pull")

SOURCES = {
    "hillside": {"kind": "ftp", "host": "ftp.hillside.example.org", "dir": "/outgoing/invoices"},
    "oakfarm": {"kind": "ftp", "host": "198.51.100.23", "dir": "/invoices"},
    "riverbank": {"kind": "https", "url": "https://203.0.113.15/exports/invoices-latest.tar.gz"},
}

# the https growers use self-signed certs; silence the noise
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


def pull_ftp(name, src, dest, user, password):
    got = []
    with ftplib.FTP(src["host"], timeout=30) as ftp:
        ftp.login(user, password)
        ftp.cwd(src["dir"])
        for fname in ftp.nlst():
            if not fname.endswith(".tar.gz"):
                continue
            target = dest / fname
            if target.exists():
                log.debug("%s: already have %s", name, fname)
                continue
            with open(target, "wb") as fh:
                ftp.retrbinary(f"RETR {fname}", fh.write)
            got.append(target)
            log.info("%s: downloaded %s", name, fname)
    return got


def pull_https(name, src, dest):
    target = dest / os.path.basename(src["url"])
    resp = requests.get(src["url"], timeout=60, verify=False, stream=True)
    resp.raise_for_status()
    with open(target, "wb") as fh:
        for chunk in resp.iter_content(65536):
            fh.write(chunk)
    log.info("%s: downloaded %s", name, target.name)
    return [target]


def unpack(bundle, dest):
    out = dest / bundle.name.replace(".tar.gz", "")
    out.mkdir(exist_ok=True)
    with tarfile.open(bundle, "r:gz") as tar:
        tar.extractall(out)
    log.info("unpacked %s (%d files)", bundle.name, sum(1 for _ in out.rglob("*")))


def main():
    ap = argparse.ArgumentParser(description="Fetch grower invoice bundles")
    ap.add_argument("--only", help="comma-separated grower names")
    ap.add_argument("--ftp-user", default="coop")
    ap.add_argument("--root", default="invoices")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    wanted = set(args.only.split(",")) if args.only else set(SOURCES)
    ftp_password = None
    errors = 0
    for name, src in SOURCES.items():
        if name not in wanted:
            continue
        dest = Path(args.root) / name
        dest.mkdir(parents=True, exist_ok=True)
        try:
            if src["kind"] == "ftp":
                if ftp_password is None:
                    ftp_password = getpass.getpass(f"FTP password for {args.ftp_user}: ")
                bundles = pull_ftp(name, src, dest, args.ftp_user, ftp_password)
            else:
                bundles = pull_https(name, src, dest)
            for b in bundles:
                unpack(b, dest)
        except (ftplib.all_errors, requests.RequestException, tarfile.TarError) as exc:
            errors += 1
            log.error("%s failed: %s", name, exc)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
