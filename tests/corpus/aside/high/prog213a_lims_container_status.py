#!/usr/bin/env python3
"""Status check for the containerised LIMS on the lab server.

Talks to the Docker engine directly over its unix socket (via curl, so it
works without the docker CLI installed), lists the LIMS containers, and
restarts any that report unhealthy.
"""
import argparse
import json
import logging
import os
import shlex
import subprocess
import sys
import urllib.parse

LOG = logging.getLogger("lims-containers")

DOCKER_SOCK = "/var/run/docker.sock"
API = "http://localhost/v1.43"


class DockerSocketClient:
    def __init__(self, sock, api, dry_run=False):
        self.sock = sock
        self.api = api
        self.dry_run = dry_run

    def _curl(self, method, path, body=None):
        cmd = (f"curl -sS --fail --unix-socket {shlex.quote(self.sock)} "
               f"-X {method} {shlex.quote(self.api + path)}")
        if body is not None:
            cmd += " -H 'Content-Type: application/json' --data-binary @-"
        res = subprocess.run(["bash", "-c", cmd], input=body, capture_output=True,
                             text=True, timeout=60)
        if res.returncode != 0:
            raise RuntimeError(f"{method} {path}: {res.stderr.strip()}")
        return res.stdout

    def containers(self, name_filter):
        filters = json.dumps({"name": [name_filter]})
        out = self._curl("GET", "/containers/json?all=1&filters=" + urllib.parse.quote(filters))
        return json.loads(out or "[]")

    def inspect(self, cid):
        return json.loads(self._curl("GET", f"/containers/{cid}/json"))

    def restart(self, cid):
        if self.dry_run:
            LOG.info("dry-run: would restart %s", cid[:12])
            return
        self._curl("POST", f"/containers/{cid}/restart?t=20")
        LOG.info("restarted %s", cid[:12])


def health_of(info):
    state = info.get("State", {})
    health = state.get("Health", {}).get("Status")
    return health or state.get("Status", "unknown")


def report(rows):
    width = max((len(r[0]) for r in rows), default=10)
    for name, image, status in rows:
        print(f"{name:<{width}}  {status:<10}  {image}")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--socket", default=os.environ.get("DOCKER_SOCK", DOCKER_SOCK))
    ap.add_argument("--filter", default="lims")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--no-restart", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not os.path.exists(args.socket):
        LOG.error("docker socket %s not found", args.socket)
        return 1
    client = DockerSocketClient(args.socket, API, dry_run=args.dry_run)
    try:
        containers = client.containers(args.filter)
    except (RuntimeError, ValueError) as exc:
        LOG.error("cannot list containers: %s", exc)
        return 1
    if not containers:
        LOG.warning("no containers match %r", args.filter)
        return 1

    rows, unhealthy = [], []
    for c in containers:
        name = c["Names"][0].lstrip("/")
        try:
            status = health_of(client.inspect(c["Id"]))
        except RuntimeError as exc:
            LOG.warning("inspect %s failed: %s", name, exc)
            status = "unknown"
        rows.append((name, c.get("Image", "?"), status))
        if status in ("unhealthy", "exited", "dead"):
            unhealthy.append((name, c["Id"]))
    report(rows)

    if unhealthy and not args.no_restart:
        for name, cid in unhealthy:
            LOG.info("container %s is not healthy, restarting", name)
            try:
                client.restart(cid)
            except RuntimeError as exc:
                LOG.error("restart of %s failed: %s", name, exc)
    return 0 if not unhealthy else 2


if __name__ == "__main__":
    sys.exit(main())
