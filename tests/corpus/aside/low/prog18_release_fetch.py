#!/usr/bin/env python3
"""Fetches a tagged release of the style guide assets, checks the published
SHA-256 and unpacks it into vendor/ for the docs build."""
import argparse
import hashlib
import logging
import shutil
import tarfile
import urllib.request
from pathlib import Path

log = logging.getLogger("assets")

BASE = "https://github.com/example-org/style-assets/releases/download"


def download(url: str, target: Path) -> Path:
    with urllib.request.urlopen(url, timeout=60) as response, target.open("wb") as out:
        shutil.copyfileobj(response, out)
    return target


def expected_digest(url: str) -> str:
    with urllib.request.urlopen(url + ".sha256", timeout=30) as response:
        return response.read().decode().split()[0]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("tag")
    parser.add_argument("--dest", default="vendor/style-assets", type=Path)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    url = f"{BASE}/{args.tag}/assets.tar.gz"
    archive = download(url, Path("assets.tar.gz"))
    digest = hashlib.sha256(archive.read_bytes()).hexdigest()
    if digest != expected_digest(url):
        archive.unlink()
        raise SystemExit("checksum mismatch")
    args.dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive) as tar:
        tar.extractall(args.dest, filter="data")
    archive.unlink()
    log.info("assets %s unpacked into %s", args.tag, args.dest)


if __name__ == "__main__":
    main()
