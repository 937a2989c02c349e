#!/usr/bin/env python3
"""Restart the ticketing API container when its health endpoint stops
answering, talking to the Docker Engine directly over its UNIX socket.

Meant for the small on-mountain server that runs the pass validation API in
Docker; ops call it from the lift-shack terminal.
"""

import argparse
import json
import logging
import os
import subprocess
import sys
import time
import urllib.request

LOG = logging.getLogger("container-restart")

DOCKER_SOCK = "/var/run/docker.sock"
HEALTH_URL = "http://127.0.0.1:8088/healthz"


class DockerSock:
    """Minimal Docker Engine client via curl --unix-socket."""

    def __init__(self, sock=DOCKER_SOCK, api="v1.43"):
        self.sock = sock
        self.api = api

    def call(self, method, path, body=None):
        env = dict(os.environ, DOCKER_SOCK=self.sock,
                   DOCKER_URL=f"http://localhost/{self.api}{path}",
                   DOCKER_METHOD=method, DOCKER_BODY=body or "")
        cmd = ('curl -sS --unix-socket "$DOCKER_SOCK" -X "$DOCKER_METHOD" '
               '-H "Content-Type: application/json" '
               '${DOCKER_BODY:+--data "$DOCKER_BODY"} "$DOCKER_URL"')
        proc = subprocess.run(["bash", "-c", cmd], env=env,
                              capture_output=True, text=True, timeout=60)
        if proc.returncode:
            raise RuntimeError(proc.stderr.strip() or "curl failed")
        return json.loads(proc.stdout) if proc.stdout.strip() else None

    def find(self, name):
        for c in self.call("GET", "/containers/json?all=1") or []:
            if f"/{name}" in c.get("Names", []):
                return c
        return None

    def restart(self, cid, timeout=10):
        self.call("POST", f"/containers/{cid}/restart?t={timeout}")


def healthy(url, timeout=3):
    try:
        with urllib.request.urlopen(url, timeout=timeout) as r:
            return r.status == 200
    except Exception:
        return False


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--name", default="ticket-api")
    ap.add_argument("--health", default=HEALTH_URL)
    ap.add_argument("--force", action="store_true",
                    help="restart even if healthy")
    ap.add_argument("--wait", type=int, default=45)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not os.path.exists(DOCKER_SOCK):
        LOG.error("docker socket %s not found", DOCKER_SOCK)
        return 2
    if healthy(args.health) and not args.force:
        LOG.info("%s healthy, nothing to do", args.name)
        return 0

    dk = DockerSock()
    try:
        c = dk.find(args.name)
        if c is None:
            LOG.error("container %s not found", args.name)
            return 1
        LOG.info("restarting %s (%s, state=%s)", args.name,
                 c["Id"][:12], c.get("State"))
        dk.restart(c["Id"])
    except (RuntimeError, ValueError, subprocess.TimeoutExpired) as exc:
        LOG.error("docker call failed: %s", exc)
        return 1

    deadline = time.time() + args.wait
    while time.time() < deadline:
        if healthy(args.health):
            LOG.info("%s back up", args.name)
            return 0
        time.sleep(3)
    LOG.error("%s still unhealthy after %ds", args.name, args.wait)
    return 3


if __name__ == "__main__":
    sys.exit(main())
