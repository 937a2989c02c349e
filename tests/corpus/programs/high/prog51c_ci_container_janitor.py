#!/usr/bin/env python3
"""Remove exited CI job containers and dangling images on a build agent.

Talks to the Docker Engine API directly over its UNIX socket so the agent
image does not need the docker CLI installed.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
from urllib.parse import quote

DOCKER_SOCK = "/var/run/docker.sock"
API = "/v1.43"
LABEL = "ci.acme.job"
log = logging.getLogger("janitor")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 30.0):
        super().__init__("localhost", timeout=timeout)
        self._sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path: str):
        self.sock_path = sock_path

    def request(self, method: str, path: str):
        conn = UnixHTTPConnection(self.sock_path)
        try:
            conn.request(method, API + path, headers={"Host": "docker"})
            resp = conn.getresponse()
            body = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {path}: {resp.status} {body[:200]!r}")
            return json.loads(body) if body else None
        finally:
            conn.close()

    def exited_job_containers(self):
        filters = json.dumps({"status": ["exited", "dead"], "label": [LABEL]})
        return self.request("GET", f"/containers/json?all=1&filters={quote(filters)}")

    def remove_container(self, cid: str):
        self.request("DELETE", f"/containers/{cid}?v=1")

    def prune_dangling_images(self):
        filters = json.dumps({"dangling": ["true"]})
        return self.request("POST", f"/images/prune?filters={quote(filters)}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--older-than-hours", type=float, default=2.0)
    ap.add_argument("--socket", default=DOCKER_SOCK)
    ap.add_argument("--skip-images", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    engine = Engine(args.socket)
    cutoff = time.time() - args.older_than_hours * 3600
    try:
        containers = engine.exited_job_containers()
    except (OSError, RuntimeError) as exc:
        log.error("docker engine not reachable: %s", exc)
        return 1

    removed = 0
    for c in containers:
        name = (c.get("Names") or ["?"])[0].lstrip("/")
        if c.get("Created", 0) > cutoff:
            continue
        log.info("%s container %s (%s, job %s)", "would remove" if args.dry_run else "removing",
                 name, c.get("Image"), c.get("Labels", {}).get(LABEL))
        if not args.dry_run:
            try:
                engine.remove_container(c["Id"])
                removed += 1
            except RuntimeError as exc:
                log.warning("could not remove %s: %s", name, exc)

    if not args.skip_images and not args.dry_run:
        report = engine.prune_dangling_images() or {}
        log.info("pruned %d image(s), reclaimed %.1f MiB",
                 len(report.get("ImagesDeleted") or []), (report.get("SpaceReclaimed") or 0) / 2**20)
    log.info("removed %d container(s)", removed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
