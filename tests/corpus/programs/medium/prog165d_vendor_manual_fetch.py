#!/usr/bin/env python3
"""Fetch the latest ride manuals bundle from the vendor's document portal.

The vendor portal sits behind a certificate the park proxy re-signs, so the
download skips certificate checks. The bundle is unpacked into a staging
folder and then copied into the maintenance library in the working tree.
"""
import argparse
import hashlib
import logging
import os
import shutil
import tarfile
from pathlib import Path

import requests
import urllib3

log = logging.getLogger("manual_fetch")

PORTAL = os.environ.get("VENDOR_PORTAL", "https://docs.coastervendor.example")
STAGING = Path("/tmp/vendor_manuals")
LIBRARY = Path("manual_library")

urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


def bundle_url(model, revision):
    return "{}/bundles/{}/{}.tar.gz".format(PORTAL, model, revision)


def download(url, dest):
    log.info("downloading %s", url)
    with requests.get(url, stream=True, timeout=60, verify=False) as resp:
        resp.raise_for_status()
        with open(dest, "wb") as fh:
            for chunk in resp.iter_content(chunk_size=1 << 16):
                fh.write(chunk)
    return dest


def checksum(path):
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 16), b""):
            digest.update(block)
    return digest.hexdigest()


def unpack(archive, target):
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    with tarfile.open(archive, "r:gz") as tar:
        tar.extractall(target)
    return sorted(p for p in target.rglob("*") if p.is_file())


def publish(files, staging, library, model):
    dest_root = library / model
    dest_root.mkdir(parents=True, exist_ok=True)
    copied = 0
    for src in files:
        if src.suffix.lower() not in {".pdf", ".html", ".png", ".txt"}:
            continue
        dest = dest_root / src.relative_to(staging)
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, dest)
        copied += 1
    return copied


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("model")
    parser.add_argument("--revision", default="latest")
    parser.add_argument("--expect-sha256")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    STAGING.mkdir(parents=True, exist_ok=True)
    archive = download(bundle_url(args.model, args.revision), STAGING / "bundle.tar.gz")
    digest = checksum(archive)
    log.info("bundle sha256 %s", digest)
    if args.expect_sha256 and digest != args.expect_sha256.lower():
        log.error("checksum mismatch, not unpacking")
        raise SystemExit(1)

    extracted = STAGING / "extracted"
    files = unpack(archive, extracted)
    copied = publish(files, extracted, LIBRARY, args.model)
    log.info("published %d of %d files into %s", copied, len(files), LIBRARY / args.model)


if __name__ == "__main__":
    main()
