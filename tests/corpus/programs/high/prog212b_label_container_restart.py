#!/usr/bin/env python3
"""Restart the label-printing container on the packaging PC.

The label service runs in a Docker container that occasionally wedges after
the printer runs out of stock. This tool asks the Docker Engine API (over the
local socket) for the container's state and restarts it when it is unhealthy
or when asked to.
"""

import argparse
import json
import logging
import shlex
import subprocess
import sys
import time

LOG = logging.getLogger("label-restart")
DOCKER_SOCK = "/var/run/docker.sock"
API = "http://localhost/v1.43"


class DockerSocketClient:
    """Tiny Engine API client that shells out to curl --unix-socket."""

    def __init__(self, sock=DOCKER_SOCK, timeout=15):
        self.sock = sock
        self.timeout = timeout

    def _call(self, method, path, expect_json=True):
        cmd = (
            f"curl -sS --max-time {self.timeout} --unix-socket {shlex.quote(self.sock)} "
            f"-X {method} {shlex.quote(API + path)}"
        )
        LOG.debug("bash -c %s", cmd)
        proc = subprocess.run(["bash", "-c", cmd], capture_output=True, text=True)
        if proc.returncode != 0:
            raise RuntimeError(f"docker API call failed: {proc.stderr.strip()}")
        if not expect_json or not proc.stdout.strip():
            return None
        return json.loads(proc.stdout)

    def find(self, name):
        filters = json.dumps({"name": [name]})
        items = self._call("GET", f"/containers/json?all=1&filters={filters}")
        for item in items or []:
            if f"/{name}" in item.get("Names", []):
                return item
        return None

    def inspect(self, cid):
        return self._call("GET", f"/containers/{cid}/json")

    def restart(self, cid, wait_s=10):
        self._call("POST", f"/containers/{cid}/restart?t={wait_s}", expect_json=False)


def health_of(info):
    state = info.get("State", {})
    health = state.get("Health", {}).get("Status")
    return state.get("Status", "unknown"), health or "none"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--name", default="label-printer")
    ap.add_argument("--force", action="store_true", help="restart even if healthy")
    ap.add_argument("--wait", type=int, default=30,
                    help="seconds to wait for the container to come back")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    client = DockerSocketClient()
    try:
        item = client.find(args.name)
        if item is None:
            LOG.error("no container named %s", args.name)
            return 1
        cid = item["Id"][:12]
        status, health = health_of(client.inspect(cid))
        LOG.info("%s (%s): status=%s health=%s", args.name, cid, status, health)

        if not args.force and status == "running" and health in ("healthy", "none"):
            LOG.info("container looks fine; nothing to do")
            return 0
        if args.dry_run:
            LOG.info("dry run: would restart %s", cid)
            return 0

        client.restart(cid)
        deadline = time.time() + args.wait
        while time.time() < deadline:
            status, health = health_of(client.inspect(cid))
            if status == "running" and health != "starting":
                LOG.info("back up: status=%s health=%s", status, health)
                return 0
            time.sleep(2)
        LOG.warning("container did not settle within %ds", args.wait)
        return 2
    except (RuntimeError, ValueError, KeyError) as exc:
        LOG.error("%s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
