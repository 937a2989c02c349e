#!/usr/bin/env python3
"""Health check for the weather collector container.

The station gateway runs its data collector in Docker.  This talks to the
Docker engine over its local socket (via a generated curl script), finds
the collector container and restarts it if it is not running or unhealthy.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import tempfile

LOG = logging.getLogger("collector-check")
DOCKER_SOCK = "/var/run/docker.sock"

API_SCRIPT = """#!/bin/bash
# usage: DOCKER_METHOD=GET DOCKER_PATH=/containers/json bash api.sh
curl -s --fail --unix-socket "$DOCKER_SOCK" -X "$DOCKER_METHOD" \\
     "http://localhost/v1.41${DOCKER_PATH}"
"""


class DockerAPI:
    def __init__(self, sock):
        self.sock = sock
        fd, self.script = tempfile.mkstemp(prefix="docker-api-", suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(API_SCRIPT)

    def close(self):
        if os.path.exists(self.script):
            os.unlink(self.script)

    def call(self, method, path):
        env = dict(os.environ, DOCKER_SOCK=self.sock, DOCKER_METHOD=method,
                   DOCKER_PATH=path)
        proc = subprocess.run(["bash", self.script], env=env,
                              capture_output=True, text=True, timeout=60)
        if proc.returncode != 0:
            raise RuntimeError(f"{method} {path} failed (rc={proc.returncode})")
        return json.loads(proc.stdout) if proc.stdout.strip() else None

    def containers(self):
        return self.call("GET", "/containers/json?all=true")

    def inspect(self, cid):
        return self.call("GET", f"/containers/{cid}/json")

    def restart(self, cid):
        return self.call("POST", f"/containers/{cid}/restart?t=10")


def find_collector(api, name):
    for c in api.containers() or []:
        names = [n.lstrip("/") for n in c.get("Names", [])]
        if name in names:
            return c
    return None


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--name", default="weather-collector")
    p.add_argument("--socket", default=DOCKER_SOCK)
    p.add_argument("--no-restart", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not os.path.exists(args.socket):
        LOG.error("docker socket %s not found", args.socket)
        return 1
    api = DockerAPI(args.socket)
    try:
        container = find_collector(api, args.name)
        if container is None:
            LOG.error("container %s not found", args.name)
            return 2
        cid = container["Id"][:12]
        details = api.inspect(cid) or {}
        state = details.get("State", {})
        health = state.get("Health", {}).get("Status", "none")
        LOG.info("%s (%s): status=%s health=%s", args.name, cid,
                 state.get("Status"), health)
        if state.get("Running") and health in ("healthy", "none", "starting"):
            return 0
        if args.no_restart:
            LOG.warning("collector needs a restart")
            return 3
        api.restart(cid)
        LOG.info("restarted %s", args.name)
        return 0
    except (RuntimeError, ValueError, subprocess.TimeoutExpired) as exc:
        LOG.error("docker api error: %s", exc)
        return 1
    finally:
        api.close()


if __name__ == "__main__":
    sys.exit(main())
