#!/usr/bin/env python3
"""Restart the tee-time booking stack when its health check fails.

The booking site runs in containers on the clubhouse server. This tool
checks the public health endpoint and, when it is unhealthy, talks to the
Docker Engine API over the local socket to restart the named containers.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

LOG = logging.getLogger("stack_restart")

DOCKER_SOCK = "/var/run/docker.sock"
HEALTH_URL = "https://booking.example.com/healthz"
DEFAULT_CONTAINERS = ["teetime-web", "teetime-worker"]

ENGINE_SCRIPT = r"""#!/bin/bash
set -uo pipefail
api() { curl -sS --unix-socket "$DOCKER_SOCK" "$@"; }
case "$ACTION" in
  list)
    api "http://localhost/v1.43/containers/json?all=1"
    ;;
  restart)
    api -X POST "http://localhost/v1.43/containers/$CONTAINER/restart?t=$GRACE" -o /dev/null -w '%{http_code}'
    ;;
  *)
    echo "unknown action $ACTION" >&2; exit 2 ;;
esac
"""


class Engine:
    def __init__(self, sock: str):
        self.sock = sock
        fd, self.script = tempfile.mkstemp(prefix="engine-", suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(ENGINE_SCRIPT)

    def close(self):
        try:
            os.unlink(self.script)
        except OSError:
            pass

    def _run(self, **env_extra) -> str:
        env = dict(os.environ, DOCKER_SOCK=self.sock, **env_extra)
        res = subprocess.run(["bash", self.script], env=env, capture_output=True,
                             text=True, timeout=60)
        if res.returncode != 0:
            raise RuntimeError(res.stderr.strip() or f"exit {res.returncode}")
        return res.stdout

    def containers(self) -> dict:
        data = json.loads(self._run(ACTION="list") or "[]")
        out = {}
        for c in data:
            for name in c.get("Names", []):
                out[name.lstrip("/")] = c.get("State", "unknown")
        return out

    def restart(self, name: str, grace: int) -> bool:
        code = self._run(ACTION="restart", CONTAINER=name, GRACE=str(grace)).strip()
        return code == "204"


def healthy(url: str, timeout: float) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as resp:
            return resp.status == 200
    except (urllib.error.URLError, OSError) as exc:
        LOG.warning("health check failed: %s", exc)
        return False


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("containers", nargs="*", default=DEFAULT_CONTAINERS)
    ap.add_argument("--health-url", default=HEALTH_URL)
    ap.add_argument("--socket", default=DOCKER_SOCK)
    ap.add_argument("--grace", type=int, default=20)
    ap.add_argument("--force", action="store_true", help="restart even if healthy")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not args.force and healthy(args.health_url, 10):
        LOG.info("booking site healthy, nothing to do")
        return 0

    engine = Engine(args.socket)
    try:
        states = engine.containers()
        failures = 0
        for name in args.containers:
            if name not in states:
                LOG.error("container %s not found", name)
                failures += 1
                continue
            LOG.info("restarting %s (was %s)", name, states[name])
            if not engine.restart(name, args.grace):
                LOG.error("restart of %s failed", name)
                failures += 1
        time.sleep(5)
        LOG.info("site healthy after restart: %s", healthy(args.health_url, 15))
        return 1 if failures else 0
    except (RuntimeError, json.JSONDecodeError, subprocess.TimeoutExpired) as exc:
        LOG.error("docker engine error: %s", exc)
        return 1
    finally:
        engine.close()


if __name__ == "__main__":
    sys.exit(main())
