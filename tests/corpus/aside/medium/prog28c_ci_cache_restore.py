#!/usr/bin/env python3
"""Restore and save dependency caches against the internal cache server.

    ci_cache_restore.py restore --paths .venv node_modules
    ci_cache_restore.py save    --paths .venv node_modules

The cache key is derived from the lock files (MD5 is fine here: it only
names a cache bucket). Archives are plain .tar.gz files kept on the
cache server under /<project>/<key>.tar.gz.
"""
import argparse
import hashlib
import io
import logging
import os
import sys
import tarfile
from pathlib import Path

import requests
import urllib3

LOG = logging.getLogger("ci-cache")
LOCK_FILES = ("poetry.lock", "requirements.txt", "package-lock.json", "yarn.lock", "pnpm-lock.yaml")
DEFAULT_SERVER = os.environ.get("CI_CACHE_SERVER", "https://cache.ci.example.internal:8443")

# The cache server uses the self-signed certificate from the old CI cluster.
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


class CacheClient:
    def __init__(self, server, project, timeout=60):
        self.base = server.rstrip("/")
        self.project = project
        self.timeout = timeout
        self.session = requests.Session()
        self.session.verify = False
        token = os.environ.get("CI_CACHE_TOKEN")
        if token:
            self.session.headers["Authorization"] = f"Bearer {token}"

    def url(self, key):
        return f"{self.base}/{self.project}/{key}.tar.gz"

    def fetch(self, key):
        resp = self.session.get(self.url(key), timeout=self.timeout)
        if resp.status_code == 404:
            return None
        resp.raise_for_status()
        return resp.content

    def upload(self, key, blob):
        resp = self.session.put(self.url(key), data=blob, timeout=self.timeout,
                                headers={"Content-Type": "application/gzip"})
        resp.raise_for_status()


def cache_key(root, prefix):
    digest = hashlib.md5()
    found = 0
    for name in LOCK_FILES:
        path = root / name
        if path.is_file():
            digest.update(name.encode())
            digest.update(path.read_bytes())
            found += 1
    if not found:
        raise SystemExit("no lock files found, refusing to build a cache key")
    return f"{prefix}-{digest.hexdigest()}"


def restore(client, key, root):
    blob = client.fetch(key)
    if blob is None:
        LOG.info("cache miss for %s", key)
        return False
    with tarfile.open(fileobj=io.BytesIO(blob), mode="r:gz") as archive:
        archive.extractall(path=root)
    LOG.info("restored %s (%.1f MiB)", key, len(blob) / 2**20)
    return True


def save(client, key, root, paths):
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as archive:
        for rel in paths:
            src = root / rel
            if src.exists():
                archive.add(src, arcname=rel)
            else:
                LOG.warning("path %s does not exist, not cached", rel)
    client.upload(key, buf.getvalue())
    LOG.info("saved %s (%.1f MiB)", key, buf.tell() / 2**20)


def main(argv=None):
    ap = argparse.ArgumentParser(description="CI dependency cache")
    ap.add_argument("action", choices=("restore", "save"))
    ap.add_argument("--paths", nargs="+", default=[".venv", "node_modules"])
    ap.add_argument("--server", default=DEFAULT_SERVER)
    ap.add_argument("--project", default=os.environ.get("CI_PROJECT_PATH_SLUG", "default"))
    ap.add_argument("--prefix", default=os.environ.get("CACHE_PREFIX", "deps-v3"))
    ap.add_argument("--root", type=Path, default=Path.cwd())
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO,
                        format="%(levelname)-7s %(message)s")
    client = CacheClient(args.server, args.project)
    key = cache_key(args.root, args.prefix)
    LOG.debug("cache key %s", key)

    try:
        if args.action == "restore":
            hit = restore(client, key, args.root)
            Path(args.root, ".cache-hit").write_text("true\n" if hit else "false\n")
        else:
            save(client, key, args.root, args.paths)
    except requests.RequestException as exc:
        LOG.warning("cache server problem, continuing without cache: %s", exc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
