#!/usr/bin/env python3
"""Reclaim disk space from CI build caches.

Cleans the local ./build and ./.cache folders, then asks the Docker engine to
prune dangling images and build cache older than a given age. Talks to the
engine API directly so it works on hosts without the docker CLI.
"""
import argparse
import http.client
import json
import logging
import shutil
import socket
import sys
from pathlib import Path

log = logging.getLogger("janitor")
LOCAL_CACHE_DIRS = ("build", ".cache", "dist", ".pytest_cache")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, socket_path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = socket_path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class EngineClient:
    def __init__(self, socket_path="/var/run/docker.sock", api="v1.43"):
        self.socket_path = socket_path
        self.api = api

    def _call(self, method, path, params=None):
        query = ""
        if params:
            query = "?" + "&".join(f"{k}={v}" for k, v in params.items())
        conn = UnixHTTPConnection(self.socket_path)
        try:
            conn.request(method, f"/{self.api}{path}{query}")
            resp = conn.getresponse()
            body = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {path}: HTTP {resp.status} {body[:200]!r}")
            return json.loads(body or b"{}")
        finally:
            conn.close()

    def prune_images(self, until):
        filters = json.dumps({"dangling": ["true"], "until": [until]})
        return self._call("POST", "/images/prune", {"filters": filters})

    def prune_build_cache(self, until):
        filters = json.dumps({"until": [until]})
        return self._call("POST", "/build/prune", {"filters": filters})


def clean_local(root, dry_run):
    freed = 0
    for name in LOCAL_CACHE_DIRS:
        d = root / name
        if not d.is_dir():
            continue
        size = sum(p.stat().st_size for p in d.rglob("*") if p.is_file())
        log.info("%s %s (%.1f MB)", "would remove" if dry_run else "removing", d, size / 1e6)
        if not dry_run:
            shutil.rmtree(d)
        freed += size
    return freed


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--older-than", default="72h")
    ap.add_argument("--socket", default="/var/run/docker.sock")
    ap.add_argument("--skip-docker", action="store_true")
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    freed = clean_local(Path.cwd(), args.dry_run)
    if not args.skip_docker and Path(args.socket).exists() and not args.dry_run:
        engine = EngineClient(args.socket)
        try:
            img = engine.prune_images(args.older_than)
            cache = engine.prune_build_cache(args.older_than)
        except (OSError, RuntimeError) as exc:
            log.error("docker prune failed: %s", exc)
            return 1
        freed += (img.get("SpaceReclaimed") or 0) + (cache.get("SpaceReclaimed") or 0)
        log.info("removed %d image layer(s), %d cache record(s)",
                 len(img.get("ImagesDeleted") or []), len(cache.get("CachesDeleted") or []))
    log.info("total reclaimed: %.1f MB", freed / 1e6)
    return 0


if __name__ == "__main__":
    sys.exit(main())
