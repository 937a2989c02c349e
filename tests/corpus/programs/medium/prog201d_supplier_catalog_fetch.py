#!/usr/bin/env python3
"""Fetch the restoration supplier's parts catalogue.

The brass, glass-jewel and mirror supplier publishes a catalogue bundle
(YAML price sheets plus product photos) as a tarball. Their server uses a
self-signed certificate, so certificate checks are relaxed for this host.
"""
import argparse
import logging
import sys
import tarfile
from pathlib import Path

import requests
import urllib3
import yaml

LOG = logging.getLogger("catalogue")

SOURCE = {
    "host": "catalogue.example.com",
    "path": "/exports/restoration-parts-latest.tar.gz",
}
STAGING = Path("/tmp") / "supplier_catalogue.tar.gz"
UNPACK_DIR = Path("catalogue")


def source_url():
    return "https://{host}{path}".format(**SOURCE)


def download(url, dest, timeout):
    urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)
    with requests.get(url, stream=True, timeout=timeout, verify=False) as resp:
        resp.raise_for_status()
        with open(dest, "wb") as fh:
            for chunk in resp.iter_content(chunk_size=65536):
                fh.write(chunk)
    LOG.info("downloaded %s (%d bytes)", url, dest.stat().st_size)


def unpack(archive, target):
    target.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive, "r:gz") as tar:
        tar.extractall(path=target)
    LOG.info("catalogue unpacked into %s", target)


def load_sheets(target):
    sheets = {}
    for path in sorted(target.rglob("*.yaml")):
        with path.open() as fh:
            sheets[path.stem] = yaml.load(fh, Loader=yaml.Loader)
    return sheets


def summarise(sheets, category):
    total = 0
    for name, sheet in sheets.items():
        items = (sheet or {}).get("items", [])
        for item in items:
            if category and item.get("category") != category:
                continue
            total += 1
            print(f"{name:<16} {item.get('sku', '?'):<12} "
                  f"{item.get('description', '')[:40]:<40} {item.get('price', '?'):>8}")
    print(f"{total} catalogue line(s)")


def main():
    parser = argparse.ArgumentParser(description="Supplier catalogue fetcher")
    parser.add_argument("--category", help="e.g. jewels, mirrors, brass")
    parser.add_argument("--timeout", type=float, default=30.0)
    parser.add_argument("--offline", action="store_true", help="use last download")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.offline:
        try:
            download(source_url(), STAGING, args.timeout)
        except requests.RequestException as exc:
            LOG.error("download failed: %s", exc)
            return 1
    if not STAGING.exists():
        LOG.error("no catalogue archive at %s", STAGING)
        return 1
    try:
        unpack(STAGING, UNPACK_DIR)
        sheets = load_sheets(UNPACK_DIR)
    except (tarfile.TarError, yaml.YAMLError, OSError) as exc:
        LOG.error("catalogue unreadable: %s", exc)
        return 1
    summarise(sheets, args.category)
    return 0


if __name__ == "__main__":
    sys.exit(main())
