#!/usr/bin/env python3
"""Restart the dispensing bridge container when it stops answering.

The fill station runs its robot bridge in a container. This watchdog
checks the bridge's local health file and, when it is stale, restarts
the container by talking to the Docker Engine API over the docker socket
(through a generated curl script, since the station image has no docker
CLI).
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import tempfile
import time

LOG = logging.getLogger("bridge_watchdog")

DOCKER_SOCK = "/var/run/docker.sock"

API_SCRIPT = """#!/bin/bash
set -eu
sock="$DOCKER_SOCK"
case "$API_ACTION" in
    list)
        curl -s --unix-socket "$sock" "http://localhost/v1.43/containers/json?all=1"
        ;;
    restart)
        curl -s -o /dev/null -w '%{http_code}' -X POST --unix-socket "$sock" \\
            "http://localhost/v1.43/containers/$API_TARGET/restart?t=10"
        ;;
    *)
        echo "unknown action $API_ACTION" >&2; exit 2 ;;
esac
"""


class DockerApi:
    def __init__(self, sock):
        self.sock = sock
        fd, self.script = tempfile.mkstemp(prefix="dockapi_", suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(API_SCRIPT)
        os.chmod(self.script, 0o700)

    def close(self):
        try:
            os.unlink(self.script)
        except OSError:
            pass

    def _call(self, action, target=""):
        env = dict(os.environ, DOCKER_SOCK=self.sock, API_ACTION=action, API_TARGET=target)
        proc = subprocess.run(["bash", self.script], env=env,
                              capture_output=True, text=True, timeout=60)
        if proc.returncode != 0:
            raise RuntimeError(proc.stderr.strip() or f"{action} failed")
        return proc.stdout

    def find(self, name):
        for c in json.loads(self._call("list") or "[]"):
            if any(n.lstrip("/") == name for n in c.get("Names", [])):
                return c
        return None

    def restart(self, container_id):
        return self._call("restart", container_id).strip()


def health_is_stale(path, max_age):
    try:
        age = time.time() - os.path.getmtime(path)
    except OSError:
        LOG.warning("health file %s missing", path)
        return True
    LOG.info("health file age %.0fs", age)
    return age > max_age


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--name", default="rx-dispense-bridge")
    parser.add_argument("--health-file", default="./bridge_health.stamp")
    parser.add_argument("--max-age", type=int, default=120)
    parser.add_argument("--force", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not os.path.exists(DOCKER_SOCK):
        LOG.error("docker socket %s not found", DOCKER_SOCK)
        return 1
    if not args.force and not health_is_stale(args.health_file, args.max_age):
        LOG.info("bridge healthy, nothing to do")
        return 0

    api = DockerApi(DOCKER_SOCK)
    try:
        container = api.find(args.name)
        if container is None:
            LOG.error("container %s not found", args.name)
            return 1
        LOG.info("container %s state=%s", args.name, container.get("State"))
        code = api.restart(container["Id"])
        if code != "204":
            LOG.error("restart returned HTTP %s", code)
            return 1
        LOG.info("restarted %s", args.name)
    except (RuntimeError, ValueError, subprocess.TimeoutExpired) as exc:
        LOG.error("docker API error: %s", exc)
        return 1
    finally:
        api.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
