#!/usr/bin/env python3
"""pos_container_restart - watchdog for the online-order POS container.

Polls the order service health endpoint; after N consecutive failures it
restarts the container through the Docker Engine API on the local docker
socket and records what happened in ./pos_watchdog.log.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request

LOG = logging.getLogger("pos_watchdog")

DOCKER_SOCK = "/var/run/docker.sock"
RESTART_CMD = (
    'curl -sS --unix-socket "$DOCKER_SOCK" -X POST '
    '"http://docker/v1.43/containers/${POS_CONTAINER}/restart?t=${POS_GRACE}" '
    '-o /dev/null -w "%{http_code}"'
)
INSPECT_CMD = (
    'curl -sS --unix-socket "$DOCKER_SOCK" '
    '"http://docker/v1.43/containers/${POS_CONTAINER}/json"'
)


class DockerControl:
    def __init__(self, container: str, grace: int):
        self.env = dict(os.environ, DOCKER_SOCK=DOCKER_SOCK,
                        POS_CONTAINER=container, POS_GRACE=str(grace))

    def _run(self, cmd: str) -> str:
        proc = subprocess.run(["bash", "-c", cmd], env=self.env,
                              capture_output=True, text=True, timeout=60)
        if proc.returncode != 0:
            raise RuntimeError(proc.stderr.strip() or "curl failed")
        return proc.stdout

    def state(self) -> str:
        try:
            info = json.loads(self._run(INSPECT_CMD))
            return info.get("State", {}).get("Status", "unknown")
        except (ValueError, RuntimeError) as exc:
            LOG.warning("inspect failed: %s", exc)
            return "unknown"

    def restart(self) -> bool:
        code = self._run(RESTART_CMD).strip()
        LOG.info("restart request returned HTTP %s", code)
        return code == "204"


def healthy(url: str, timeout: float) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as resp:
            return resp.status == 200
    except (urllib.error.URLError, OSError) as exc:
        LOG.debug("health check error: %s", exc)
        return False


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--health-url", default="http://orders.example.org/healthz")
    ap.add_argument("--container", default="pos-orders")
    ap.add_argument("--failures", type=int, default=3)
    ap.add_argument("--interval", type=float, default=20.0)
    ap.add_argument("--grace", type=int, default=10)
    ap.add_argument("--once", action="store_true", help="single check, then exit")
    args = ap.parse_args()
    logging.basicConfig(filename="pos_watchdog.log", level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    logging.getLogger().addHandler(logging.StreamHandler())

    if not os.path.exists(DOCKER_SOCK):
        LOG.error("docker socket %s not present", DOCKER_SOCK)
        return 1

    docker = DockerControl(args.container, args.grace)
    misses = 0
    while True:
        if healthy(args.health_url, timeout=5):
            if misses:
                LOG.info("service healthy again after %d miss(es)", misses)
            misses = 0
        else:
            misses += 1
            LOG.warning("health check failed (%d/%d)", misses, args.failures)
            if misses >= args.failures or args.once:
                LOG.info("container state before restart: %s", docker.state())
                try:
                    ok = docker.restart()
                except RuntimeError as exc:
                    LOG.error("restart failed: %s", exc)
                    ok = False
                LOG.info("restart %s", "succeeded" if ok else "did not succeed")
                misses = 0
        if args.once:
            return 0
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
