#!/usr/bin/env python3
"""Sync the community YARA rule bundle from the internal mirror into ./rules.

The mirror uses a self-signed certificate, so verification is switched off.
"""
import argparse
import configparser
import hashlib
import io
import logging
import shutil
import sys
import tarfile
from pathlib import Path

import requests
import urllib3

urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)
logger = logging.getLogger("rulesync")

DEFAULTS = {
    "mirror": "https://rules-mirror.soc.internal/bundles",
    "bundle": "community-latest.tar.gz",
    "dest": "rules",
    "keep_old": "2",
}


def read_config(path: Path) -> dict:
    cp = configparser.ConfigParser()
    cp["sync"] = DEFAULTS
    if path.exists():
        cp.read(path)
    return dict(cp["sync"])


def download(url: str) -> bytes:
    logger.info("fetching %s", url)
    with requests.Session() as s:
        s.verify = False
        r = s.get(url, timeout=60)
        r.raise_for_status()
        return r.content


def check_digest(blob: bytes, expected: str) -> None:
    got = hashlib.sha256(blob).hexdigest()
    if expected and got != expected.lower():
        raise ValueError(f"digest mismatch: {got} != {expected}")
    logger.info("bundle sha256 %s", got)


def rotate(dest: Path, keep: int) -> None:
    if not dest.exists():
        return
    olds = sorted(dest.parent.glob(dest.name + ".old*"), reverse=True)
    for stale in olds[keep - 1:]:
        shutil.rmtree(stale, ignore_errors=True)
    for idx, path in enumerate(sorted(olds[:keep - 1], reverse=True)):
        path.rename(dest.parent / f"{dest.name}.old{len(olds) - idx}")
    dest.rename(dest.parent / f"{dest.name}.old0")


def unpack(blob: bytes, dest: Path) -> int:
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(blob), mode="r:gz") as tf:
        members = [m for m in tf.getmembers() if m.name.endswith((".yar", ".yara", ".txt"))]
        tf.extractall(path=dest, members=members)
    return len(members)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("-c", "--config", type=Path, default=Path("rulesync.ini"))
    ap.add_argument("--sha256", default="", help="expected bundle digest")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s: %(message)s")

    cfg = read_config(args.config)
    url = f"{cfg['mirror'].rstrip('/')}/{cfg['bundle']}"
    try:
        blob = download(url)
        check_digest(blob, args.sha256)
    except (requests.RequestException, ValueError) as exc:
        logger.error("sync aborted: %s", exc)
        return 1
    if args.dry_run:
        logger.info("dry run, %d bytes not unpacked", len(blob))
        return 0
    dest = Path(cfg["dest"])
    rotate(dest, int(cfg["keep_old"]))
    count = unpack(blob, dest)
    logger.info("unpacked %d rule files into %s", count, dest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
