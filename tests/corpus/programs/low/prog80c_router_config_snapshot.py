#!/usr/bin/env python3
"""Nightly snapshot of the home router configuration.

Pulls the exported configuration blob from the router's admin interface and
keeps a dated local copy, skipping the write when nothing changed since the
last run so the backup folder only grows when someone actually touched the
router.
"""
import argparse
import configparser
import datetime as dt
import hashlib
import json
import logging
import os
import sys
from pathlib import Path

import requests

log = logging.getLogger("router-snapshot")

DEFAULTS = {
    "router_url": "http://192.168.1.1",
    "export_path": "/cgi-bin/luci/admin/system/flashops/backup",
    "backup_dir": "backups",
    "keep": "14",
}

INDEX_NAME = ".snapshot-index.json"


def load_settings(path):
    cp = configparser.ConfigParser()
    cp["backup"] = DEFAULTS
    if path and Path(path).exists():
        cp.read(path)
        log.debug("loaded settings from %s", path)
    return cp["backup"]


def fetch_router_export(settings):
    user = os.environ.get("ROUTER_USER", "root")
    password = os.environ.get("ROUTER_PASS")
    if not password:
        raise SystemExit("ROUTER_PASS is not set")
    url = settings["router_url"].rstrip("/") + settings["export_path"]
    log.info("requesting configuration export from %s", url)
    resp = requests.get(url, auth=(user, password), timeout=30)
    resp.raise_for_status()
    if len(resp.content) < 64:
        raise RuntimeError("router returned a suspiciously small export")
    return resp.content


class SnapshotIndex:
    """Tiny JSON index mapping content digests to the file that holds them."""

    def __init__(self, directory):
        self.path = Path(directory) / INDEX_NAME
        try:
            self.entries = json.loads(self.path.read_text())
        except (FileNotFoundError, json.JSONDecodeError):
            self.entries = {}

    @staticmethod
    def key_for(blob):
        return hashlib.md5(blob).hexdigest()

    def seen(self, blob):
        return self.key_for(blob) in self.entries

    def add(self, blob, filename):
        self.entries[self.key_for(blob)] = filename

    def forget_missing(self, directory):
        present = {p.name for p in Path(directory).glob("router-*.tar.gz")}
        self.entries = {k: v for k, v in self.entries.items() if v in present}

    def save(self):
        self.path.write_text(json.dumps(self.entries, indent=2, sort_keys=True))


def store_local(blob, settings, index):
    out_dir = Path(settings["backup_dir"])
    out_dir.mkdir(parents=True, exist_ok=True)
    if index.seen(blob):
        log.info("configuration unchanged since %s", index.entries[index.key_for(blob)])
        return None
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    target = out_dir / f"router-{stamp}.tar.gz"
    target.write_bytes(blob)
    os.chmod(target, 0o600)
    index.add(blob, target.name)
    log.info("wrote %s (%d bytes)", target, len(blob))
    return target


def prune(settings):
    keep = int(settings["keep"])
    files = sorted(Path(settings["backup_dir"]).glob("router-*.tar.gz"))
    for old in files[:-keep] if keep else []:
        old.unlink()
        log.debug("pruned %s", old)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="router-backup.ini")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    settings = load_settings(args.config)
    index = SnapshotIndex(settings["backup_dir"]) if Path(settings["backup_dir"]).is_dir() else None

    try:
        blob = fetch_router_export(settings)
    except (requests.RequestException, RuntimeError) as exc:
        log.error("export failed: %s", exc)
        return 2

    if index is None:
        Path(settings["backup_dir"]).mkdir(parents=True, exist_ok=True)
        index = SnapshotIndex(settings["backup_dir"])

    store_local(blob, settings, index)
    prune(settings)
    index.forget_missing(settings["backup_dir"])
    index.save()
    return 0


if __name__ == "__main__":
    sys.exit(main())
