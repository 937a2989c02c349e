#!/usr/bin/env python3
"""Vendor hash-pinned wheels into ./vendor/wheels for offline builds.

The input is a small JSON lock (``wheels.lock.json``) listing the download
URL and expected sha256 for every wheel. Wheels that are no longer listed are
pruned from the vendor directory so the tree matches the lock exactly.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
from pathlib import Path
from urllib.parse import urlsplit

import requests

log = logging.getLogger("vendor")
CHUNK = 1 << 16


class HashMismatch(Exception):
    pass


class WheelVendor:
    def __init__(self, lock_path: Path, dest: Path, timeout: int = 30):
        self.lock_path = lock_path
        self.dest = dest
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers["User-Agent"] = "wheel-vendor/1.4"

    def entries(self):
        data = json.loads(self.lock_path.read_text())
        for item in data.get("wheels", []):
            url = item["url"]
            name = os.path.basename(urlsplit(url).path)
            yield name, url, item["sha256"].lower()

    def _sha256(self, path: Path) -> str:
        h = hashlib.sha256()
        with path.open("rb") as fh:
            for block in iter(lambda: fh.read(CHUNK), b""):
                h.update(block)
        return h.hexdigest()

    def fetch(self, name: str, url: str, digest: str) -> bool:
        target = self.dest / name
        if target.exists() and self._sha256(target) == digest:
            log.debug("up to date: %s", name)
            return False
        partial = target.with_suffix(".part")
        with self.session.get(url, stream=True, timeout=self.timeout) as resp:
            resp.raise_for_status()
            with partial.open("wb") as out:
                for block in resp.iter_content(CHUNK):
                    out.write(block)
        got = self._sha256(partial)
        if got != digest:
            partial.unlink()
            raise HashMismatch(f"{name}: expected {digest}, got {got}")
        partial.replace(target)
        log.info("vendored %s", name)
        return True

    def prune(self, keep: set) -> int:
        removed = 0
        for path in self.dest.iterdir():
            if path.suffix in (".whl", ".part") and path.name not in keep:
                path.unlink()
                removed += 1
                log.info("pruned %s", path.name)
        return removed

    def run(self) -> int:
        self.dest.mkdir(parents=True, exist_ok=True)
        keep, failures = set(), 0
        for name, url, digest in self.entries():
            keep.add(name)
            try:
                self.fetch(name, url, digest)
            except (requests.RequestException, HashMismatch) as exc:
                log.error("%s", exc)
                failures += 1
        self.prune(keep)
        manifest = self.dest / "MANIFEST.txt"
        manifest.write_text("\n".join(sorted(keep)) + "\n")
        os.chmod(manifest, 0o600)
        return failures


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--lock", type=Path, default=Path("wheels.lock.json"))
    ap.add_argument("--dest", type=Path, default=Path("vendor/wheels"))
    ap.add_argument("--timeout", type=int, default=30)
    ap.add_argument("--debug", action="store_true")
    ns = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if ns.debug else logging.INFO)
    failures = WheelVendor(ns.lock, ns.dest, ns.timeout).run()
    if failures:
        log.error("%d wheel(s) failed", failures)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
