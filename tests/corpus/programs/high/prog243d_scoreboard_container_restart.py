#!/usr/bin/env python3
"""Restart the scoreboard containers on the arena media server.

The live scoreboard, its websocket relay and the lobby renderer run as Docker
containers labelled arena.role=scoreboard.  This talks to the Docker Engine
API over the local socket (through curl, which the media server already has),
finds those containers and restarts the ones that are unhealthy or stopped.
"""

import argparse
import json
import logging
import os
import subprocess
import sys
import urllib.parse

LOG = logging.getLogger("sb-containers")

DOCKER_SOCK = "/var/run/docker.sock"
API = "v1.43"

CURL_SH = r"""
set -euo pipefail
curl -sS --fail --max-time 60 --unix-socket "$DOCKER_SOCK" \
     -X "$DOCKER_METHOD" "http://localhost/$DOCKER_API$DOCKER_PATH"
"""


class DockerError(RuntimeError):
    pass


class DockerClient:
    def __init__(self, sock: str, api: str):
        self.sock = sock
        self.api = api

    def call(self, method: str, path: str):
        env = dict(os.environ, DOCKER_SOCK=self.sock, DOCKER_API=self.api,
                   DOCKER_METHOD=method, DOCKER_PATH=path)
        res = subprocess.run(["bash", "-c", CURL_SH], env=env,
                             capture_output=True, text=True)
        if res.returncode != 0:
            raise DockerError(f"{method} {path}: {res.stderr.strip()}")
        out = res.stdout.strip()
        return json.loads(out) if out else None

    def containers(self, label: str):
        filters = json.dumps({"label": [label]})
        path = "/containers/json?all=1&filters=" + urllib.parse.quote(filters)
        return self.call("GET", path) or []

    def restart(self, cid: str, timeout: int):
        self.call("POST", f"/containers/{cid}/restart?t={timeout}")


def needs_restart(c: dict, force: bool) -> bool:
    if force:
        return True
    state = c.get("State", "")
    status = c.get("Status", "")
    return state != "running" or "unhealthy" in status


def main():
    p = argparse.ArgumentParser(description="Restart scoreboard containers")
    p.add_argument("--label", default="arena.role=scoreboard")
    p.add_argument("--socket", default=os.environ.get("DOCKER_SOCK", DOCKER_SOCK))
    p.add_argument("--timeout", type=int, default=10, help="stop timeout in seconds")
    p.add_argument("--all", action="store_true", help="restart even healthy ones")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not os.path.exists(args.socket):
        LOG.error("docker socket %s not found", args.socket)
        return 1
    client = DockerClient(args.socket, API)
    try:
        found = client.containers(args.label)
    except (DockerError, json.JSONDecodeError) as exc:
        LOG.error("cannot list containers: %s", exc)
        return 1
    if not found:
        LOG.warning("no containers with label %s", args.label)
        return 0

    restarted = failed = 0
    for c in found:
        name = (c.get("Names") or ["?"])[0].lstrip("/")
        if not needs_restart(c, args.all):
            LOG.info("%-24s %s, leaving it", name, c.get("Status"))
            continue
        LOG.info("%-24s %s, restarting", name, c.get("Status"))
        try:
            client.restart(c["Id"], args.timeout)
            restarted += 1
        except DockerError as exc:
            LOG.error("restart of %s failed: %s", name, exc)
            failed += 1
    LOG.info("%d restarted, %d failed, %d checked", restarted, failed, len(found))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
