#!/usr/bin/env python3
"""Remove dangling and expired CI images from the local engine.

Talks to the Engine API directly (no docker SDK on the build hosts) and
removes images that are untagged, or whose only tags match --pattern and
are older than --max-age hours.
"""
import argparse
import fnmatch
import http.client
import json
import logging
import socket
import time
import urllib.parse

log = logging.getLogger("reaper")
ENGINE_SOCK = "/var/run/docker.sock"
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self._path)
        self.sock = sock


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, query=None):
        conn = UnixHTTPConnection(self.sock_path)
        url = API + path
        if query:
            url += "?" + urllib.parse.urlencode(query)
        conn.request(method, url)
        resp = conn.getresponse()
        body = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {body[:200]!r}")
        return json.loads(body) if body else None

    def images(self):
        return self.call("GET", "/images/json", {"all": "false"})

    def remove(self, image_id, force=False):
        return self.call("DELETE", f"/images/{image_id}",
                         {"force": str(force).lower(), "noprune": "false"})


def select(images, pattern, max_age_h):
    now = time.time()
    for img in images:
        tags = [t for t in (img.get("RepoTags") or []) if t != "<none>:<none>"]
        age_h = (now - img.get("Created", now)) / 3600
        if not tags:
            yield img["Id"], "dangling", age_h
        elif all(fnmatch.fnmatch(t, pattern) for t in tags) and age_h > max_age_h:
            yield img["Id"], ",".join(tags), age_h


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--socket", default=ENGINE_SOCK)
    ap.add_argument("--pattern", default="ci/*:pr-*")
    ap.add_argument("--max-age", type=float, default=48.0)
    ap.add_argument("--force", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    engine = Engine(args.socket)
    try:
        images = engine.images()
    except (OSError, RuntimeError) as exc:
        log.error("engine unavailable: %s", exc)
        return 1

    freed = 0
    for image_id, label, age in select(images, args.pattern, args.max_age):
        short = image_id.split(":")[-1][:12]
        if args.dry_run:
            log.info("would remove %s (%s, %.0fh)", short, label, age)
            continue
        try:
            engine.remove(image_id, force=args.force)
            freed += 1
            log.info("removed %s (%s, %.0fh)", short, label, age)
        except RuntimeError as exc:
            log.warning("skip %s: %s", short, exc)
    log.info("%d images removed", freed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
