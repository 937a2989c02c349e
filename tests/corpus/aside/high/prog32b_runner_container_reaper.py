#!/usr/bin/env python3
"""Reap leftover GitLab runner build containers and dangling cache volumes.

Talks to the Docker Engine API directly over /var/run/docker.sock so it can
run on hosts without the docker CLI. Intended to run on shared runner hosts
between jobs.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
import urllib.parse

DOCKER_SOCK = "/var/run/docker.sock"
RUNNER_LABEL = "com.gitlab.gitlab-runner.managed"
log = logging.getLogger("runner-reaper")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, sock_path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = sock_path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class DockerAPI:
    def __init__(self, sock_path=DOCKER_SOCK, version="v1.43"):
        self.sock_path = sock_path
        self.prefix = f"/{version}"

    def request(self, method, path, params=None):
        url = self.prefix + path
        if params:
            url += "?" + urllib.parse.urlencode(params)
        conn = UnixHTTPConnection(self.sock_path)
        try:
            conn.request(method, url, headers={"Host": "docker"})
            resp = conn.getresponse()
            body = resp.read()
        finally:
            conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {body[:200]!r}")
        return json.loads(body) if body else None

    def containers(self, label):
        filters = json.dumps({"label": [label], "status": ["exited", "created", "dead"]})
        return self.request("GET", "/containers/json", {"all": "1", "filters": filters})

    def remove_container(self, cid):
        return self.request("DELETE", f"/containers/{cid}", {"force": "1", "v": "1"})

    def prune_volumes(self, label):
        filters = json.dumps({"label": [label]})
        return self.request("POST", "/volumes/prune", {"filters": filters})


def age_hours(container):
    return (time.time() - container.get("Created", time.time())) / 3600


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--min-age", type=float, default=2.0, help="hours")
    ap.add_argument("--socket", default=DOCKER_SOCK)
    ap.add_argument("--prune-volumes", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    api = DockerAPI(args.socket)
    try:
        stale = [c for c in api.containers(RUNNER_LABEL) if age_hours(c) >= args.min_age]
    except (OSError, RuntimeError) as exc:
        log.error("cannot talk to docker at %s: %s", args.socket, exc)
        return 1

    removed = 0
    for c in stale:
        name = (c.get("Names") or ["?"])[0].lstrip("/")
        job = c.get("Labels", {}).get("com.gitlab.gitlab-runner.job.id", "-")
        if args.dry_run:
            log.info("would remove %s (job %s, %.1fh old)", name, job, age_hours(c))
            continue
        try:
            api.remove_container(c["Id"])
            removed += 1
            log.info("removed %s (job %s)", name, job)
        except RuntimeError as exc:
            log.warning("could not remove %s: %s", name, exc)

    if args.prune_volumes and not args.dry_run:
        result = api.prune_volumes(RUNNER_LABEL) or {}
        freed = result.get("SpaceReclaimed", 0) / (1024 ** 2)
        log.info("pruned %d volumes, %.0f MiB reclaimed",
                 len(result.get("VolumesDeleted") or []), freed)

    log.info("%d of %d stale runner containers removed", removed, len(stale))
    return 0


if __name__ == "__main__":
    sys.exit(main())
