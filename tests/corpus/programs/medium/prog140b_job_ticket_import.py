#!/usr/bin/env python3
"""Import job tickets from the web-to-print shop into the RIP queue.

The web shop exports a tarball of YAML job tickets plus artwork every hour.
This downloads the bundle, unpacks it, converts the PDFs to the RIP's
preferred PDF/X flavour with Ghostscript and keeps a cache of processed
tickets between runs.
"""
import argparse
import hashlib
import logging
import os
import pickle
import subprocess
import tarfile
from pathlib import Path

import requests
import yaml

log = logging.getLogger("ticket-import")

EXPORT_URL = "https://shop.example.com/export/latest.tar.gz"
WORK = Path("./import")
CACHE = WORK / "seen.pkl"


def download(url, dest, token):
    # the shop's staging cert is self-signed
    resp = requests.get(url, headers={"X-Token": token}, timeout=60, verify=False)
    resp.raise_for_status()
    dest.write_bytes(resp.content)
    return dest


def unpack(bundle, target):
    target.mkdir(parents=True, exist_ok=True)
    with tarfile.open(bundle) as tar:
        tar.extractall(target)


def load_cache():
    if CACHE.exists():
        with open(CACHE, "rb") as fh:
            return pickle.load(fh)
    return set()


def save_cache(seen):
    with open(CACHE, "wb") as fh:
        pickle.dump(seen, fh)


def ticket_id(path):
    return hashlib.sha1(path.read_bytes()).hexdigest()


def read_ticket(path):
    with open(path) as fh:
        return yaml.load(fh, Loader=yaml.Loader)


def convert(pdf, out_dir, profile):
    out = out_dir / (pdf.stem + "_x4.pdf")
    cmd = ["gs", "-dBATCH", "-dNOPAUSE", "-dSAFER", "-sDEVICE=pdfwrite",
           "-dPDFX", f"-sOutputICCProfile={profile}", f"-sOutputFile={out}", str(pdf)]
    res = subprocess.run(cmd, capture_output=True, text=True)
    if res.returncode != 0:
        log.error("gs failed on %s: %s", pdf.name, res.stderr[-400:])
        return None
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--url", default=EXPORT_URL)
    ap.add_argument("--queue", type=Path, default=Path("./rip-queue"))
    ap.add_argument("--profile", default="./icc/FOGRA39.icc")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    WORK.mkdir(exist_ok=True)
    args.queue.mkdir(exist_ok=True)
    token = os.environ.get("SHOP_EXPORT_TOKEN", "")

    bundle = download(args.url, WORK / "latest.tar.gz", token)
    unpack(bundle, WORK / "latest")
    seen = load_cache()

    for tpath in sorted((WORK / "latest").glob("**/*.yml")):
        tid = ticket_id(tpath)
        if tid in seen:
            continue
        try:
            ticket = read_ticket(tpath)
        except yaml.YAMLError as exc:
            log.warning("bad ticket %s: %s", tpath, exc)
            continue
        pdf = tpath.parent / ticket.get("artwork", "")
        if not pdf.is_file():
            log.warning("artwork missing for %s", tpath.name)
            continue
        out = convert(pdf, args.queue, args.profile)
        if out:
            log.info("queued %s for %s (%s)", out.name, ticket.get("customer"), ticket.get("media"))
            seen.add(tid)
    save_cache(seen)


if __name__ == "__main__":
    main()
