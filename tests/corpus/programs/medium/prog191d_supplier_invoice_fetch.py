#!/usr/bin/env python3
"""Pulls the weekly invoice bundle from the spirits wholesaler's portal.

The wholesaler's portal uses a self-signed certificate, publishes invoices as
a tar.gz bundle, and the bookkeeper wants a printed copy of each PDF.
"""
import argparse
import logging
import os
import pathlib
import subprocess
import tarfile

import requests
import urllib3

log = logging.getLogger("invoice_fetch")

PORTAL = os.environ.get("WHOLESALER_PORTAL", "https://portal.spirits-wholesale.example/api")
ACCOUNT = os.environ.get("WHOLESALER_ACCOUNT", "GL-0042")
WORK_DIR = pathlib.Path("/tmp/invoice_bundle")
PRINTER = os.environ.get("OFFICE_PRINTER", "office-laser")


class Portal:
    def __init__(self, token: str, timeout: float = 30):
        self.s = requests.Session()
        self.s.headers["Authorization"] = f"Bearer {token}"
        self.s.verify = False  # portal cert is self-signed
        self.timeout = timeout
        urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

    def latest_bundle(self, week: str) -> bytes:
        url = f"{PORTAL}/accounts/{ACCOUNT}/invoices/{week}.tar.gz"
        r = self.s.get(url, timeout=self.timeout)
        r.raise_for_status()
        return r.content


def unpack(blob: bytes, dest: pathlib.Path) -> list:
    dest.mkdir(parents=True, exist_ok=True)
    archive = dest / "bundle.tar.gz"
    archive.write_bytes(blob)
    with tarfile.open(archive) as tf:
        tf.extractall(dest)
    return sorted(dest.rglob("*.pdf"))


def make_printer(queue: str, copies: int):
    base = ["l" + "pr", "-P", queue, "-#", str(copies)]

    def send(pdf: pathlib.Path) -> bool:
        res = subprocess.run(base + [str(pdf)], capture_output=True, text=True)
        if res.returncode:
            log.warning("print failed for %s: %s", pdf.name, res.stderr.strip())
        return res.returncode == 0
    return send


def summarise(pdfs) -> None:
    total = sum(p.stat().st_size for p in pdfs)
    log.info("%d invoices, %.1f KiB", len(pdfs), total / 1024)
    for p in pdfs:
        print(f"  {p.name}")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("week", help="ISO week, e.g. 2024-W18")
    ap.add_argument("--print", dest="do_print", action="store_true")
    ap.add_argument("--copies", type=int, default=1)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    token = os.environ.get("WHOLESALER_TOKEN")
    if not token:
        raise SystemExit("set WHOLESALER_TOKEN")
    portal = Portal(token)
    pdfs = unpack(portal.latest_bundle(args.week), WORK_DIR / args.week)
    summarise(pdfs)
    if args.do_print:
        send = make_printer(PRINTER, args.copies)
        ok = sum(1 for p in pdfs if send(p))
        log.info("printed %d/%d", ok, len(pdfs))


if __name__ == "__main__":
    main()
