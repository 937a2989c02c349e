#!/usr/bin/env python3
"""Garbage-collect container images on self-hosted CI build nodes.

Removes dangling images and images older than --max-age-hours whose
repository matches one of the configured prefixes (our ECR/GAR build
caches), then prunes the BuildKit cache. Talks to the engine API directly
so it works on nodes where only the daemon, not the docker CLI, is present.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
import urllib.parse

LOG = logging.getLogger("image-gc")

API_VERSION = "v1.43"
DEFAULT_PREFIXES = ("123456789012.dkr.ecr.", "europe-docker.pkg.dev/build-cache/")


class EngineConnection(http.client.HTTPConnection):
    def __init__(self, sock_path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = sock_path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.sock_path)
        self.sock = sock


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, query=None):
        url = f"/{API_VERSION}{path}"
        if query:
            url += "?" + urllib.parse.urlencode(query)
        conn = EngineConnection(self.sock_path)
        try:
            conn.request(method, url, headers={"Host": "docker"})
            resp = conn.getresponse()
            body = resp.read()
        finally:
            conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path} -> {resp.status}: {body[:200]!r}")
        return json.loads(body) if body else None

    def images(self, dangling=None):
        filters = {"dangling": ["true"]} if dangling else {}
        return self.call("GET", "/images/json", {"filters": json.dumps(filters)} if filters else None)

    def remove(self, image_id, force=False):
        return self.call("DELETE", f"/images/{image_id}", {"force": str(force).lower(), "noprune": "false"})

    def prune_build_cache(self, keep_storage):
        return self.call("POST", "/build/prune", {"keep-storage": str(keep_storage)})


def socket_path():
    host = os.environ.get("DOCKER_HOST", "unix:///var/run/docker.sock")
    if not host.startswith("unix://"):
        raise SystemExit(f"only unix sockets are supported, got {host}")
    return host[len("unix://"):]


def stale(image, prefixes, cutoff):
    tags = image.get("RepoTags") or []
    if not any(t.startswith(prefixes) for t in tags):
        return False
    return image.get("Created", 0) < cutoff


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--max-age-hours", type=float, default=72)
    ap.add_argument("--prefix", action="append", help="repository prefixes eligible for removal")
    ap.add_argument("--keep-cache-gb", type=int, default=20)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    engine = Engine(socket_path())
    prefixes = tuple(args.prefix or DEFAULT_PREFIXES)
    cutoff = time.time() - args.max_age_hours * 3600

    try:
        dangling = engine.images(dangling=True) or []
        candidates = [img for img in engine.images() or [] if stale(img, prefixes, cutoff)]
    except (OSError, RuntimeError) as exc:
        LOG.error("engine unreachable: %s", exc)
        return 2

    freed = 0
    for image in dangling + candidates:
        label = (image.get("RepoTags") or [image["Id"][:19]])[0]
        if args.dry_run:
            LOG.info("[dry-run] would remove %s", label)
            continue
        try:
            engine.remove(image["Id"])
            freed += image.get("Size", 0)
            LOG.info("removed %s", label)
        except RuntimeError as exc:
            LOG.debug("skip %s: %s", label, exc)

    if not args.dry_run:
        try:
            result = engine.prune_build_cache(args.keep_cache_gb * 1024 ** 3) or {}
            freed += result.get("SpaceReclaimed", 0)
        except RuntimeError as exc:
            LOG.warning("build cache prune failed: %s", exc)

    LOG.info("reclaimed %.1f GiB", freed / 1024 ** 3)
    return 0


if __name__ == "__main__":
    sys.exit(main())
