#!/usr/bin/env python3
"""Restart unhealthy containers of the hut booking stack.

The booking web app, its database and the battery telemetry collector run
as containers on the association's small server. This tool talks to the
Docker Engine API over the local socket (through curl, run by bash) and
restarts containers of the stack whose health check reports "unhealthy".
"""

import argparse
import json
import logging
import os
import subprocess
import sys
import time

LOG = logging.getLogger("stack-healer")

DOCKER_SOCK = "/var/run/docker.sock"
STACK_LABEL = "org.example.hut.stack=booking"

CURL = 'curl -sS --max-time 30 --unix-socket "$DOCKER_SOCK" -X "$METHOD" "http://localhost$API_PATH"'


class DockerAPI:
    def __init__(self, sock):
        self.sock = sock

    def call(self, method, path):
        env = dict(os.environ, DOCKER_SOCK=self.sock, METHOD=method, API_PATH=path)
        result = subprocess.run(["bash", "-c", CURL], env=env,
                                capture_output=True, text=True, timeout=60)
        if result.returncode != 0:
            raise RuntimeError(f"{method} {path} failed: {result.stderr.strip()}")
        out = result.stdout.strip()
        return json.loads(out) if out else None

    def stack_containers(self, label):
        filters = json.dumps({"label": [label]})
        from urllib.parse import quote
        return self.call("GET", f"/v1.43/containers/json?all=1&filters={quote(filters)}")

    def inspect(self, cid):
        return self.call("GET", f"/v1.43/containers/{cid}/json")

    def restart(self, cid, timeout=10):
        return self.call("POST", f"/v1.43/containers/{cid}/restart?t={timeout}")


def health_of(info):
    state = info.get("State", {})
    health = state.get("Health", {})
    return state.get("Status", "unknown"), health.get("Status", "none")


def heal(api, label, dry_run, max_restarts):
    try:
        containers = api.stack_containers(label) or []
    except (RuntimeError, json.JSONDecodeError) as exc:
        LOG.error("cannot list containers: %s", exc)
        return 1
    LOG.info("found %d containers in the booking stack", len(containers))
    restarted = 0
    for c in containers:
        name = c.get("Names", ["?"])[0].lstrip("/")
        info = api.inspect(c["Id"])
        status, health = health_of(info)
        LOG.info("%-30s status=%-9s health=%s", name, status, health)
        if health != "unhealthy" and status != "exited":
            continue
        if restarted >= max_restarts:
            LOG.warning("restart limit reached, leaving %s alone", name)
            continue
        if dry_run:
            LOG.info("dry run: would restart %s", name)
            continue
        try:
            api.restart(c["Id"])
            restarted += 1
            LOG.info("restarted %s", name)
            time.sleep(3)
        except RuntimeError as exc:
            LOG.error("restart of %s failed: %s", name, exc)
    LOG.info("%d containers restarted", restarted)
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--socket", default=os.environ.get("DOCKER_SOCK", DOCKER_SOCK))
    parser.add_argument("--label", default=STACK_LABEL)
    parser.add_argument("--max-restarts", type=int, default=3)
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not os.path.exists(args.socket):
        LOG.error("docker socket %s not found", args.socket)
        return 1
    return heal(DockerAPI(args.socket), args.label, args.dry_run, args.max_restarts)


if __name__ == "__main__":
    sys.exit(main())
