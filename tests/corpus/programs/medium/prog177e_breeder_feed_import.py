#!/usr/bin/env python3
"""Import the weekly breeder-directory feed from the breed councils.

Each breed council publishes a tarball with a YAML file per affiliated
breeder. We download it, unpack it and merge it into breeders.json.
"""
import argparse
import json
import logging
import os
import tarfile
from pathlib import Path

import requests
import urllib3
import yaml

LOG = logging.getLogger("breeder_feed")

FEED_URL = os.environ.get("BREEDER_FEED_URL", "https://feeds.breedcouncils.example.org/weekly/breeders.tar.gz")
WORK_DIR = Path(os.environ.get("BREEDER_WORK_DIR", "feed_work"))
OUTPUT = Path(os.environ.get("BREEDER_OUTPUT", "breeders.json"))

urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


def download_feed(url, dest: Path):
    dest.parent.mkdir(parents=True, exist_ok=True)
    LOG.info("downloading %s", url)
    with requests.get(url, stream=True, timeout=60, verify=False) as resp:
        resp.raise_for_status()
        with dest.open("wb") as fh:
            for chunk in resp.iter_content(65536):
                fh.write(chunk)
    LOG.info("saved %d bytes", dest.stat().st_size)
    return dest


def unpack(archive: Path, into: Path):
    into.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive, "r:gz") as tar:
        tar.extractall(into)
    return into


def load_breeders(folder: Path):
    breeders = []
    for path in sorted(folder.rglob("*.yaml")):
        with path.open(encoding="utf-8") as fh:
            doc = yaml.load(fh, Loader=yaml.Loader)
        if not isinstance(doc, dict) or "affix" not in doc:
            LOG.warning("skipping %s: no affix", path.name)
            continue
        breeders.append(doc)
    LOG.info("read %d breeder records", len(breeders))
    return breeders


def merge(existing, incoming):
    by_affix = {b["affix"].lower(): b for b in existing}
    added = updated = 0
    for rec in incoming:
        key = rec["affix"].lower()
        if key in by_affix:
            by_affix[key].update(rec)
            updated += 1
        else:
            by_affix[key] = rec
            added += 1
    LOG.info("%d added, %d updated", added, updated)
    return sorted(by_affix.values(), key=lambda b: b["affix"].lower())


def main():
    parser = argparse.ArgumentParser(description="Import breeder directory feed")
    parser.add_argument("--url", default=FEED_URL)
    parser.add_argument("--archive", type=Path, help="use a local tarball instead")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    archive = args.archive or download_feed(args.url, WORK_DIR / "breeders.tar.gz")
    folder = unpack(archive, WORK_DIR / "unpacked")
    incoming = load_breeders(folder)

    existing = []
    if OUTPUT.exists():
        existing = json.loads(OUTPUT.read_text(encoding="utf-8"))
    merged = merge(existing, incoming)
    OUTPUT.write_text(json.dumps(merged, indent=2, default=str), encoding="utf-8")
    LOG.info("wrote %d breeders to %s", len(merged), OUTPUT)


if __name__ == "__main__":
    main()
