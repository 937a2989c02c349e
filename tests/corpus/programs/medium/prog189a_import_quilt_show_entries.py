#!/usr/bin/env python3
"""Import online quilt-show entries for the judging committee.

The show's online entry form exports a nightly tarball (entry sheets plus
photos). This pulls the bundle, unpacks it into the judging workspace and
sorts entries into categories according to the committee's show config.
"""
import argparse
import csv
import logging
import os
import tarfile
from pathlib import Path

import requests
import yaml

log = logging.getLogger("entries")

EXPORT_URL = os.environ.get("SHOW_EXPORT_URL", "https://entries.example.org/export/latest.tar.gz")
EXPORT_TOKEN = os.environ.get("SHOW_EXPORT_TOKEN", "")
WORKSPACE = Path(os.environ.get("JUDGING_WORKSPACE", "judging"))
CONFIG_FILE = Path(os.environ.get("SHOW_CONFIG", "show_config.yaml"))

DEFAULT_CONFIG = {
    "categories": {"Bed": 80, "Wall": 60, "Art": 0, "Modern": 0, "Youth": 0},
    "verify_tls": False,  # the entry host uses the volunteer's self-signed cert
}


class ShowConfig:
    def __init__(self, path: Path):
        self.data = dict(DEFAULT_CONFIG)
        if path.exists():
            with path.open(encoding="utf-8") as fh:
                self.data.update(yaml.load(fh, Loader=yaml.Loader) or {})

    @property
    def categories(self):
        return self.data["categories"]

    @property
    def verify(self):
        return self.data.get("verify_tls", False)


def download_bundle(url: str, dest: Path, verify: bool) -> Path:
    headers = {"Authorization": f"Bearer {EXPORT_TOKEN}"} if EXPORT_TOKEN else {}
    resp = requests.get(url, headers=headers, timeout=60, verify=verify, stream=True)
    resp.raise_for_status()
    dest.parent.mkdir(parents=True, exist_ok=True)
    with dest.open("wb") as fh:
        for chunk in resp.iter_content(65536):
            fh.write(chunk)
    return dest


def unpack(bundle: Path, into: Path):
    into.mkdir(parents=True, exist_ok=True)
    with tarfile.open(bundle) as tar:
        tar.extractall(into)


def classify(entries_csv: Path, categories: dict):
    buckets = {name: [] for name in categories}
    buckets["Unsorted"] = []
    with entries_csv.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            cat = row.get("category", "").strip().title()
            width = int(row.get("width_in", "0") or 0)
            minimum = categories.get(cat)
            if minimum is None or width < minimum:
                buckets["Unsorted"].append(row)
            else:
                buckets[cat].append(row)
    return buckets


def main():
    parser = argparse.ArgumentParser(description="Import quilt-show entries for judging")
    parser.add_argument("--url", default=EXPORT_URL)
    parser.add_argument("--skip-download", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    cfg = ShowConfig(CONFIG_FILE)
    bundle = WORKSPACE / "incoming" / "latest.tar.gz"
    if not args.skip_download:
        download_bundle(args.url, bundle, cfg.verify)
        log.info("downloaded %s", bundle)
    unpack(bundle, WORKSPACE / "entries")

    buckets = classify(WORKSPACE / "entries" / "entries.csv", cfg.categories)
    for cat, rows in buckets.items():
        log.info("%-8s %3d entries", cat, len(rows))
        for row in rows:
            log.debug("  #%s %s", row.get("entry_no"), row.get("title"))


if __name__ == "__main__":
    main()
