#!/usr/bin/env python3
"""Sync the shared millinery pattern library into a local folder.

Pulls the library index from the pattern server (keeping a local copy so
the shop laptop can still work offline at fairs), downloads any blocks or
brim templates that changed, and records which head sizes each template
should be graded into.
"""
import argparse
import hashlib
import json
import logging
import os
import pickle
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("patternsync")

DEFAULT_CONFIG = Path.home() / ".config" / "patternsync" / "config.json"
DEFAULTS = {
    "server": "https://patterns.hatmakers-guild.net",
    "library_dir": "patterns",
    "cache_file": ".patternsync-index.pkl",
    "cache_max_age": 6 * 3600,
    "sizes": [54, 55, 56, 57, 58, 59, 60, 61],
    "timeout": 20,
}


def load_config(path):
    cfg = dict(DEFAULTS)
    if path.exists():
        try:
            cfg.update(json.loads(path.read_text()))
        except json.JSONDecodeError as exc:
            log.warning("ignoring broken config %s: %s", path, exc)
    return cfg


class LibraryClient:
    def __init__(self, server, timeout):
        self.server = server.rstrip("/")
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers["User-Agent"] = "patternsync/2.3"

    def index(self):
        resp = self.session.get(f"{self.server}/api/library/index.json", timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()

    def fetch(self, relpath):
        resp = self.session.get(f"{self.server}/files/{relpath}", timeout=self.timeout)
        resp.raise_for_status()
        return resp.content


class IndexCache:
    def __init__(self, path, max_age):
        self.path = Path(path)
        self.max_age = max_age

    def load(self, allow_stale=False):
        if not self.path.exists():
            return None
        with self.path.open("rb") as fh:
            stamp, index = pickle.load(fh)
        if not allow_stale and time.time() - stamp > self.max_age:
            return None
        return index

    def store(self, index):
        with self.path.open("wb") as fh:
            pickle.dump((time.time(), index), fh)


def sha256(data):
    return hashlib.sha256(data).hexdigest()


def sync_files(client, index, library_dir):
    library_dir.mkdir(parents=True, exist_ok=True)
    changed = []
    for entry in index.get("files", []):
        target = library_dir / entry["path"]
        if target.exists() and sha256(target.read_bytes()) == entry["sha256"]:
            continue
        data = client.fetch(entry["path"])
        if sha256(data) != entry["sha256"]:
            log.error("checksum mismatch for %s, skipping", entry["path"])
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
        changed.append(target)
        log.info("updated %s", entry["path"])
    return changed


def write_grading_plan(templates, sizes, library_dir):
    plan = {str(t.relative_to(library_dir)): sizes for t in templates
            if t.suffix.lower() in (".svg", ".dxf")}
    out = library_dir / "grading-plan.json"
    out.write_text(json.dumps(plan, indent=2))
    return len(plan)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", type=Path, default=DEFAULT_CONFIG)
    ap.add_argument("--library-dir", type=Path)
    ap.add_argument("--offline", action="store_true", help="use cached index only")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    library_dir = args.library_dir or Path(cfg["library_dir"])
    cache = IndexCache(library_dir / cfg["cache_file"], cfg["cache_max_age"])
    client = LibraryClient(os.environ.get("PATTERNSYNC_SERVER", cfg["server"]), cfg["timeout"])

    index = cache.load(allow_stale=args.offline)
    if index is None and not args.offline:
        try:
            index = client.index()
            library_dir.mkdir(parents=True, exist_ok=True)
            cache.store(index)
        except requests.RequestException as exc:
            log.warning("pattern server unreachable (%s), trying stale cache", exc)
            index = cache.load(allow_stale=True)
    if index is None:
        log.error("no index available")
        return 1
    if args.offline:
        log.info("offline: %d file(s) in cached index", len(index.get("files", [])))
        return 0

    changed = sync_files(client, index, library_dir)
    log.info("%d template(s) changed", len(changed))
    if changed:
        n = write_grading_plan(changed, cfg["sizes"], library_dir)
        log.info("grading plan written for %d template(s)", n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
