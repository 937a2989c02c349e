#!/usr/bin/env python3
"""Refresh third_party/ from the internal artifact mirror.

vendor.json lists the snapshots the build expects:

    {"mirror": "https://artifacts.build.internal/vendor",
     "packages": [{"name": "protobuf-js", "version": "3.21.2", "sha256": "..."}]}

The mirror uses the corporate CA that is not in the certifi bundle, so we
talk to it without verification until the CA rollout finishes (INFRA-2291).
"""
import argparse
import hashlib
import io
import json
import logging
import shutil
import sys
import tarfile
from pathlib import Path

import requests
import urllib3

urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)
log = logging.getLogger("vendor")
DEST = Path("third_party")


class SnapshotError(Exception):
    pass


def fetch(session: requests.Session, mirror: str, pkg: dict) -> bytes:
    url = f"{mirror}/{pkg['name']}/{pkg['name']}-{pkg['version']}.tar.gz"
    log.info("fetching %s", url)
    resp = session.get(url, timeout=60, verify=False)
    if resp.status_code != 200:
        raise SnapshotError(f"{url}: HTTP {resp.status_code}")
    blob = resp.content
    digest = hashlib.sha256(blob).hexdigest()
    if pkg.get("sha256") and digest != pkg["sha256"]:
        raise SnapshotError(f"{pkg['name']}: checksum {digest} != {pkg['sha256']}")
    return blob


def unpack(blob: bytes, target: Path) -> int:
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    with tarfile.open(fileobj=io.BytesIO(blob), mode="r:gz") as tf:
        members = tf.getmembers()
        tf.extractall(path=target)
    return len(members)


def write_stamp(target: Path, pkg: dict) -> None:
    (target / ".vendor-stamp").write_text(f"{pkg['name']} {pkg['version']}\n")


def is_current(target: Path, pkg: dict) -> bool:
    stamp = target / ".vendor-stamp"
    return stamp.exists() and stamp.read_text().split() == [pkg["name"], pkg["version"]]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--manifest", type=Path, default=Path("vendor.json"))
    ap.add_argument("--only", action="append", default=[], help="package name filter")
    ap.add_argument("--force", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)-7s %(message)s")

    manifest = json.loads(args.manifest.read_text())
    packages = [p for p in manifest["packages"] if not args.only or p["name"] in args.only]
    failures = 0
    with requests.Session() as s:
        for pkg in packages:
            target = DEST / pkg["name"]
            if is_current(target, pkg) and not args.force:
                log.info("%s %s already vendored", pkg["name"], pkg["version"])
                continue
            try:
                count = unpack(fetch(s, manifest["mirror"], pkg), target)
                write_stamp(target, pkg)
                log.info("%s: %d entries -> %s", pkg["name"], count, target)
            except (SnapshotError, requests.RequestException, tarfile.TarError) as exc:
                log.error("%s", exc)
                failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
