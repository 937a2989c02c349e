#!/usr/bin/env python3
"""Garbage-collect a shared CI Docker host through the Engine API.

Removes exited job containers older than --max-age hours, dangling images,
and build cache entries not used recently. Talks to the daemon directly over
its UNIX socket so the job image does not need the docker CLI.

    docker_host_gc.py --max-age 6 --dry-run
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
from urllib.parse import quote

LOG = logging.getLogger("docker-gc")
API_VERSION = "v1.43"
PROTECTED_LABEL = "ci.keep"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, socket_path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = socket_path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class DockerEngine:
    def __init__(self, socket_path):
        self.socket_path = socket_path

    def call(self, method, path, query=None):
        if query:
            path += "?" + "&".join(f"{k}={quote(str(v))}" for k, v in query.items())
        conn = UnixHTTPConnection(self.socket_path)
        try:
            conn.request(method, f"/{API_VERSION}{path}")
            resp = conn.getresponse()
            raw = resp.read()
        finally:
            conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: HTTP {resp.status} {raw[:200]!r}")
        return json.loads(raw) if raw else None

    def exited_containers(self):
        filters = json.dumps({"status": ["exited", "dead", "created"]})
        return self.call("GET", "/containers/json", {"all": 1, "filters": filters})

    def dangling_images(self):
        return self.call("GET", "/images/json", {"filters": json.dumps({"dangling": ["true"]})})

    def remove_container(self, cid):
        self.call("DELETE", f"/containers/{cid}", {"v": 1, "force": 0})

    def remove_image(self, iid):
        self.call("DELETE", f"/images/{iid}", {"noprune": 0})

    def prune_build_cache(self, keep_hours):
        return self.call("POST", "/build/prune", {"filters": json.dumps({"until": [f"{keep_hours}h"]})})


def collect(engine, max_age_hours):
    cutoff = time.time() - max_age_hours * 3600
    containers = [c for c in engine.exited_containers()
                  if c.get("Created", 0) < cutoff and PROTECTED_LABEL not in (c.get("Labels") or {})]
    images = [i for i in engine.dangling_images() if i.get("Created", 0) < cutoff]
    return containers, images


def main(argv=None):
    ap = argparse.ArgumentParser(description="CI docker host garbage collector")
    ap.add_argument("--socket", default="/var/run/docker.sock")
    ap.add_argument("--max-age", type=float, default=12.0, help="hours")
    ap.add_argument("--cache-hours", type=int, default=72)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s docker-gc %(levelname)s %(message)s")

    engine = DockerEngine(args.socket)
    try:
        info = engine.call("GET", "/info")
    except (OSError, RuntimeError) as exc:
        LOG.error("cannot reach docker daemon at %s: %s", args.socket, exc)
        return 1
    LOG.info("daemon %s: %s containers, %s images", info.get("Name"),
             info.get("Containers"), info.get("Images"))

    containers, images = collect(engine, args.max_age)
    failures = 0
    for c in containers:
        name = (c.get("Names") or ["?"])[0].lstrip("/")
        if args.dry_run:
            LOG.info("[dry-run] would remove container %s (%s)", name, c["Id"][:12])
            continue
        try:
            engine.remove_container(c["Id"])
            LOG.debug("removed container %s", name)
        except RuntimeError as exc:
            failures += 1
            LOG.warning("%s", exc)
    for img in images:
        if args.dry_run:
            LOG.info("[dry-run] would remove image %s", img["Id"][7:19])
            continue
        try:
            engine.remove_image(img["Id"])
        except RuntimeError as exc:
            failures += 1
            LOG.warning("%s", exc)

    if not args.dry_run:
        pruned = engine.prune_build_cache(args.cache_hours) or {}
        LOG.info("build cache: reclaimed %.1f GiB", pruned.get("SpaceReclaimed", 0) / 2**30)
    LOG.info("removed %d containers, %d images, %d failures",
             0 if args.dry_run else len(containers), 0 if args.dry_run else len(images), failures)
    return 0 if failures == 0 else 2


if __name__ == "__main__":
    sys.exit(main())
