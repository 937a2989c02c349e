#!/usr/bin/env python3
"""Reap leftover CI job containers on a self-hosted runner.

Jobs that are cancelled mid-way leave containers (label ci.job_id) and
their anonymous volumes behind. This talks to the Docker Engine API over
its unix socket directly (no docker CLI on the runner image) and removes
containers older than --max-age-hours, then prunes dangling images.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
import urllib.parse

log = logging.getLogger("reaper")
DEFAULT_SOCK = "/var/run/docker.sock"
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, sock_path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = sock_path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, query=None):
        conn = UnixHTTPConnection(self.sock_path)
        url = API + path + ("?" + urllib.parse.urlencode(query) if query else "")
        try:
            conn.request(method, url, headers={"Host": "docker"})
            resp = conn.getresponse()
            body = resp.read()
        finally:
            conn.close()
        if resp.status >= 400 and resp.status != 404:
            raise RuntimeError(f"{method} {path}: {resp.status} {body[:200]!r}")
        return json.loads(body) if body else None

    def ci_containers(self, label):
        filters = json.dumps({"label": [label]})
        return self.call("GET", "/containers/json", {"all": "1", "filters": filters}) or []

    def remove(self, cid):
        self.call("DELETE", f"/containers/{cid}", {"force": "1", "v": "1"})

    def prune_images(self):
        return self.call("POST", "/images/prune",
                         {"filters": json.dumps({"dangling": ["true"]})}) or {}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--socket", default=DEFAULT_SOCK)
    ap.add_argument("--label", default="ci.job_id")
    ap.add_argument("--max-age-hours", type=float, default=6.0)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--skip-images", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    engine = Engine(args.socket)
    cutoff = time.time() - args.max_age_hours * 3600
    try:
        containers = engine.ci_containers(args.label)
    except (OSError, RuntimeError) as exc:
        log.error("cannot reach docker at %s: %s", args.socket, exc)
        return 1

    removed = 0
    for c in containers:
        name = (c.get("Names") or ["?"])[0].lstrip("/")
        job = c.get("Labels", {}).get(args.label, "?")
        if c.get("Created", 0) > cutoff and c.get("State") == "running":
            continue
        age_h = (time.time() - c.get("Created", 0)) / 3600
        log.info("%s %s (job %s, %s, %.1fh old)",
                 "would remove" if args.dry_run else "removing",
                 name, job, c.get("State"), age_h)
        if not args.dry_run:
            try:
                engine.remove(c["Id"])
                removed += 1
            except RuntimeError as exc:
                log.warning("failed to remove %s: %s", name, exc)

    if not args.skip_images and not args.dry_run:
        report = engine.prune_images()
        freed = report.get("SpaceReclaimed", 0) / 1e6
        log.info("pruned dangling images, %.1f MB reclaimed", freed)
    log.info("done: %d container(s) removed", removed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
