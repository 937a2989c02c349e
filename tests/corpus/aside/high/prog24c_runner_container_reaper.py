#!/usr/bin/env python3
"""runner_reaper.py - clean up after CI jobs on a shared docker runner.

Talks to the Docker Engine API over /var/run/docker.sock and removes exited
containers labelled by the CI system that are older than --max-age hours,
plus dangling images. Defaults to a dry run; pass --apply to delete.
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
API = "/v1.43"
CI_LABEL = "com.gitlab.gitlab-runner.managed=true"

log = logging.getLogger("reaper")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self._path)
        self.sock = sock


def docker(method, path, params=None, sock=None):
    sock = sock or DOCKER_SOCK
    url = API + path
    if params:
        url += "?" + urllib.parse.urlencode(params)
    conn = UnixHTTPConnection(sock)
    try:
        conn.request(method, url, headers={"Host": "docker"})
        resp = conn.getresponse()
        body = resp.read()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: HTTP {resp.status} {body[:200]!r}")
        return json.loads(body) if body else None
    finally:
        conn.close()


def stale_containers(max_age_s):
    filters = json.dumps({"status": ["exited", "dead"], "label": [CI_LABEL]})
    now = time.time()
    for c in docker("GET", "/containers/json", {"all": "true", "filters": filters}):
        info = docker("GET", f"/containers/{c['Id']}/json")
        finished = info["State"].get("FinishedAt", "")[:19]
        try:
            ended = time.mktime(time.strptime(finished, "%Y-%m-%dT%H:%M:%S"))
        except ValueError:
            ended = c.get("Created", now)
        if now - ended > max_age_s:
            yield c["Id"][:12], (c.get("Names") or ["?"])[0], int((now - ended) // 3600)


def dangling_images():
    filters = json.dumps({"dangling": ["true"]})
    for img in docker("GET", "/images/json", {"filters": filters}):
        yield img["Id"].split(":")[-1][:12], img.get("Size", 0)


def main():
    global DOCKER_SOCK
    ap = argparse.ArgumentParser()
    ap.add_argument("--max-age", type=float, default=6.0, help="hours since exit")
    ap.add_argument("--apply", action="store_true", help="actually delete")
    ap.add_argument("--images", action="store_true", help="also remove dangling images")
    ap.add_argument("--socket", default=DOCKER_SOCK)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    DOCKER_SOCK = args.socket

    try:
        version = docker("GET", "/version")
    except (FileNotFoundError, PermissionError) as exc:
        log.error("cannot reach docker at %s: %s", DOCKER_SOCK, exc)
        return 2
    log.info("docker %s (api %s)", version.get("Version"), version.get("ApiVersion"))

    removed = 0
    for cid, name, hours in stale_containers(args.max_age * 3600):
        if args.apply:
            docker("DELETE", f"/containers/{cid}", {"v": "true", "force": "false"})
            log.info("removed %s %s (exited %dh ago)", cid, name, hours)
        else:
            log.info("[dry-run] would remove %s %s (exited %dh ago)", cid, name, hours)
        removed += 1

    freed = 0
    if args.images:
        for iid, size in dangling_images():
            if args.apply:
                try:
                    docker("DELETE", f"/images/{iid}")
                except RuntimeError as exc:
                    log.warning("skip image %s: %s", iid, exc)
                    continue
            freed += size
            log.info("%s image %s (%.1f MB)", "removed" if args.apply else "[dry-run]", iid, size / 1e6)

    log.info("containers: %d, images freed: %.1f MB", removed, freed / 1e6)
    return 0


if __name__ == "__main__":
    sys.exit(main())
