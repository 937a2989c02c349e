#!/usr/bin/env python3
"""Health check for the webcast restreamer container.

The chapel encoder pushes RTMP to a restreamer running in Docker on the
media box, which fans the service out to the family viewing page.  This
check asks the Docker engine for the container's state and restarts it if
it is not running or reports itself unhealthy.
"""

import argparse
import json
import logging
import os
import subprocess
import sys
import time

LOG = logging.getLogger("restreamer-check")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")

API_HELPER = r"""
set -euo pipefail
curl -sS --fail --max-time 15 --unix-socket "$DOCKER_SOCK" \
     -X "$API_METHOD" "http://localhost/v1.43$API_PATH"
"""


class DockerAPIError(Exception):
    pass


class DockerEngine:
    """Very small client that goes through curl on the engine socket."""

    def __init__(self, sock):
        self.sock = sock
        if not os.path.exists(sock):
            raise DockerAPIError(f"docker socket {sock} not present")

    def call(self, method, path):
        env = dict(os.environ, DOCKER_SOCK=self.sock, API_METHOD=method, API_PATH=path)
        proc = subprocess.run(["bash", "-c", API_HELPER], env=env,
                              capture_output=True, text=True)
        if proc.returncode != 0:
            raise DockerAPIError(f"{method} {path}: {proc.stderr.strip()}")
        out = proc.stdout.strip()
        return json.loads(out) if out else {}

    def inspect(self, name):
        return self.call("GET", f"/containers/{name}/json")

    def restart(self, name, timeout=10):
        return self.call("POST", f"/containers/{name}/restart?t={timeout}")


def container_ok(info):
    state = info.get("State", {})
    if not state.get("Running"):
        return False, f"status {state.get('Status')}"
    health = state.get("Health", {}).get("Status")
    if health and health != "healthy":
        return False, f"health {health}"
    return True, f"running since {state.get('StartedAt', '?')}"


def check_once(engine, name, do_restart):
    try:
        info = engine.inspect(name)
    except DockerAPIError as exc:
        LOG.error("cannot inspect %s: %s", name, exc)
        return 2
    ok, detail = container_ok(info)
    if ok:
        LOG.info("%s OK (%s)", name, detail)
        return 0
    LOG.warning("%s needs attention: %s", name, detail)
    if not do_restart:
        return 1
    try:
        engine.restart(name)
        time.sleep(5)
        ok, detail = container_ok(engine.inspect(name))
    except DockerAPIError as exc:
        LOG.error("restart failed: %s", exc)
        return 2
    LOG.info("after restart: %s", detail)
    return 0 if ok else 1


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--name", default="webcast-restreamer")
    ap.add_argument("--no-restart", action="store_true")
    ap.add_argument("--loop", type=int, default=0, help="repeat every N seconds")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        engine = DockerEngine(DOCKER_SOCK)
    except DockerAPIError as exc:
        LOG.error("%s", exc)
        return 2

    while True:
        rc = check_once(engine, args.name, not args.no_restart)
        if not args.loop:
            return rc
        time.sleep(args.loop)


if __name__ == "__main__":
    sys.exit(main())
