#!/usr/bin/env python3
"""Image janitor for self-hosted CI build nodes (runner DaemonSet sidecar).

The runner pods build with the node's Docker engine, so image layers pile up
until kubelet's image GC starts evicting pods. This sidecar talks to the
engine API directly, removes dangling images and images from CI build tags
older than the retention window, and reports what it freed.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
from urllib.parse import quote

log = logging.getLogger("image-janitor")

DEFAULT_SOCKET = "/var/run/docker.sock"
PROTECTED_PREFIXES = ("registry.k8s.io/", "quay.io/cilium/", "docker.io/library/busybox")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, socket_path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = socket_path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class EngineClient:
    def __init__(self, socket_path, api_version="v1.43"):
        self.socket_path = socket_path
        self.prefix = f"/{api_version}"

    def call(self, method, path, expect=(200,)):
        conn = UnixHTTPConnection(self.socket_path)
        try:
            conn.request(method, self.prefix + path, headers={"Host": "docker"})
            resp = conn.getresponse()
            body = resp.read()
            if resp.status not in expect:
                raise RuntimeError(f"{method} {path}: {resp.status} {body[:200]!r}")
            return json.loads(body) if body else None
        finally:
            conn.close()

    def images(self, dangling=False):
        filters = quote(json.dumps({"dangling": ["true"]})) if dangling else ""
        return self.call("GET", f"/images/json?filters={filters}" if filters else "/images/json")

    def containers_using(self):
        used = set()
        for c in self.call("GET", "/containers/json?all=1"):
            used.add(c.get("ImageID"))
        return used

    def remove_image(self, image_id, force=False):
        return self.call("DELETE", f"/images/{image_id}?force={'1' if force else '0'}&noprune=0",
                         expect=(200, 404, 409))

    def disk_usage(self):
        return self.call("GET", "/system/df")


def is_protected(image):
    for tag in image.get("RepoTags") or []:
        if tag.startswith(PROTECTED_PREFIXES):
            return True
    return False


def select_victims(client, retention_hours, ci_tag_marker):
    cutoff = time.time() - retention_hours * 3600
    in_use = client.containers_using()
    victims = []
    for img in client.images(dangling=True):
        if img["Id"] not in in_use:
            victims.append((img, "dangling"))
    for img in client.images():
        if img["Id"] in in_use or is_protected(img) or img["Created"] > cutoff:
            continue
        tags = img.get("RepoTags") or []
        if any(ci_tag_marker in t for t in tags):
            victims.append((img, "expired-ci"))
    return victims


def run(args):
    client = EngineClient(args.socket)
    before = sum(i.get("Size", 0) for i in client.disk_usage().get("Images", []))
    freed = removed = 0
    for img, reason in select_victims(client, args.retention_hours, args.ci_tag_marker):
        size = img.get("Size", 0)
        label = (img.get("RepoTags") or [img["Id"][:19]])[0]
        if args.dry_run:
            log.info("would remove %s (%s, %.1f MiB)", label, reason, size / 2**20)
            continue
        try:
            client.remove_image(img["Id"])
            removed += 1
            freed += size
            log.info("removed %s (%s)", label, reason)
        except RuntimeError as exc:
            log.warning("%s", exc)
    log.info("images before: %.1f GiB, removed %d, freed ~%.1f GiB",
             before / 2**30, removed, freed / 2**30)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--socket", default=DEFAULT_SOCKET)
    ap.add_argument("--retention-hours", type=int, default=48)
    ap.add_argument("--ci-tag-marker", default=":ci-")
    ap.add_argument("--interval", type=int, default=1800)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    while True:
        try:
            run(args)
        except (OSError, RuntimeError) as exc:
            log.error("janitor pass failed: %s", exc)
        if args.once:
            return 0
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
