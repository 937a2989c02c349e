#!/usr/bin/env python3
"""Garbage-collect old images on CI build hosts.

Keeps the newest N tags per repository plus anything a container still
references, removes the rest once it is older than --max-age days.  Uses the
Engine API directly so it works on hosts where the docker CLI is not
installed (the runner image only ships the daemon).
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
from collections import defaultdict

log = logging.getLogger("image-gc")

ENGINE_SOCKET = os.environ.get("DOCKER_HOST", "unix:///var/run/docker.sock").replace("unix://", "")
API_VERSION = "v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    def __init__(self, path):
        self.path = path

    def request(self, method, url):
        conn = UnixHTTPConnection(self.path)
        try:
            conn.request(method, f"/{API_VERSION}{url}")
            resp = conn.getresponse()
            body = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {url}: {resp.status} {body[:200]!r}")
            return json.loads(body) if body else None
        finally:
            conn.close()

    def images(self):
        return self.request("GET", "/images/json")

    def used_image_ids(self):
        return {c["ImageID"] for c in self.request("GET", "/containers/json?all=1")}

    def remove(self, image_id, force=False):
        q = urllib.parse.urlencode({"force": str(force).lower(), "noprune": "false"})
        return self.request("DELETE", f"/images/{image_id}?{q}")


def plan(images, in_use, keep, max_age_days):
    cutoff = time.time() - max_age_days * 86400
    by_repo = defaultdict(list)
    for img in images:
        tags = [t for t in (img.get("RepoTags") or []) if t != "<none>:<none>"]
        repo = tags[0].rsplit(":", 1)[0] if tags else "<dangling>"
        by_repo[repo].append(img)
    doomed = []
    for repo, imgs in by_repo.items():
        imgs.sort(key=lambda i: i["Created"], reverse=True)
        survivors = 0 if repo == "<dangling>" else keep
        for img in imgs[survivors:]:
            if img["Id"] in in_use or img["Created"] > cutoff:
                continue
            doomed.append((repo, img))
    return doomed


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--keep", type=int, default=int(os.environ.get("IMAGE_GC_KEEP", 3)))
    ap.add_argument("--max-age", type=float, default=float(os.environ.get("IMAGE_GC_MAX_AGE_DAYS", 7)))
    ap.add_argument("--socket", default=ENGINE_SOCKET)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    engine = Engine(args.socket)
    try:
        images = engine.images()
        in_use = engine.used_image_ids()
    except (OSError, RuntimeError) as exc:
        log.error("cannot talk to engine at %s: %s", args.socket, exc)
        return 1

    doomed = plan(images, in_use, args.keep, args.max_age)
    freed = 0
    for repo, img in doomed:
        size_mb = img.get("Size", 0) / 1e6
        if args.dry_run:
            log.info("[dry-run] %s %s (%.0f MB)", repo, img["Id"][7:19], size_mb)
            continue
        try:
            engine.remove(img["Id"], force=True)
            freed += size_mb
            log.info("removed %s %s (%.0f MB)", repo, img["Id"][7:19], size_mb)
        except RuntimeError as exc:
            log.warning("skip %s: %s", img["Id"][7:19], exc)
    log.info("%d candidates, %.0f MB freed", len(doomed), freed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
