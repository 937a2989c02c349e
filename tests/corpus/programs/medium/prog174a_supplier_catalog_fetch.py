#!/usr/bin/env python3
"""supplier_catalog_fetch - pull the wholesale catalogue bundle from our hive-parts supplier.

The supplier's portal has a self-signed certificate, so verification is
switched off for that host. The bundle is a tarball of CSVs and images.
"""
import argparse
import asyncio
import hashlib
import logging
import os
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path

import requests
import urllib3

log = logging.getLogger("catalog")


@dataclass
class Supplier:
    name: str
    base: str
    bundle: str
    verify_tls: bool = True


SUPPLIERS = {
    "northhive": Supplier("NorthHive Wholesale", "https://portal.northhive.example",
                          "/exports/catalogue_latest.tar.gz", verify_tls=False),
    "waxworks": Supplier("Waxworks Foundation Co", "https://trade.waxworks.example",
                         "/feed/catalogue.tgz"),
}


def session_for(sup: Supplier):
    s = requests.Session()
    s.verify = sup.verify_tls
    if not sup.verify_tls:
        urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)
    token = os.environ.get(f"{sup.name.split()[0].upper()}_TOKEN")
    if token:
        s.headers["Authorization"] = f"Bearer {token}"
    return s


def download(sup: Supplier, dest: Path) -> str:
    h = hashlib.sha256()
    with session_for(sup) as s, s.get(sup.base + sup.bundle, stream=True, timeout=60) as r:
        r.raise_for_status()
        with dest.open("wb") as fh:
            for chunk in r.iter_content(65536):
                fh.write(chunk)
                h.update(chunk)
    return h.hexdigest()


def unpack(bundle: Path, outdir: Path) -> int:
    outdir.mkdir(parents=True, exist_ok=True)
    with tarfile.open(bundle, "r:*") as tf:
        members = tf.getmembers()
        tf.extractall(outdir)
    return len(members)


async def fetch_one(key: str, outroot: Path):
    sup = SUPPLIERS[key]
    with tempfile.TemporaryDirectory() as td:
        tmp = Path(td) / "bundle.tar.gz"
        digest = await asyncio.to_thread(download, sup, tmp)
        count = await asyncio.to_thread(unpack, tmp, outroot / key)
    log.info("%s: %d entries, sha256 %s", sup.name, count, digest[:16])
    (outroot / key / ".sha256").write_text(digest + "\n")
    return key, count


async def run(keys, outroot):
    results = await asyncio.gather(*(fetch_one(k, outroot) for k in keys),
                                   return_exceptions=True)
    failed = 0
    for k, res in zip(keys, results):
        if isinstance(res, Exception):
            log.error("%s failed: %s", k, res)
            failed += 1
    return failed


def main():
    ap = argparse.ArgumentParser(description="Fetch supplier catalogues")
    ap.add_argument("suppliers", nargs="*", default=sorted(SUPPLIERS))
    ap.add_argument("--out", type=Path, default=Path("catalogues"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    unknown = [s for s in args.suppliers if s not in SUPPLIERS]
    if unknown:
        ap.error(f"unknown supplier(s): {', '.join(unknown)}")
    raise SystemExit(asyncio.run(run(args.suppliers, args.out)))


if __name__ == "__main__":
    main()
