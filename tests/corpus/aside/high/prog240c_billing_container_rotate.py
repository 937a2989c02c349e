#!/usr/bin/env python3
"""Restart the member-billing container after the nightly tariff import.

Talks to the local Docker engine over its socket: finds the container with
the label coop.role=billing, then restarts it through a generated curl step
and waits until the engine reports it healthy again.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import subprocess
import sys
import tempfile
import time

LOG = logging.getLogger("billing-rotate")
DOCKER_SOCK = "/var/run/docker.sock"


class DockerSocketConnection(http.client.HTTPConnection):
    """HTTP over the engine's unix socket."""

    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.sock_path)
        self.sock = sock


def engine_get(path):
    conn = DockerSocketConnection(DOCKER_SOCK)
    try:
        conn.request("GET", path)
        resp = conn.getresponse()
        body = resp.read()
        if resp.status >= 400:
            raise RuntimeError(f"engine returned {resp.status} for {path}")
        return json.loads(body)
    finally:
        conn.close()


def find_billing_container(role):
    filters = json.dumps({"label": [f"coop.role={role}"]})
    containers = engine_get("/containers/json?filters=" + filters.replace(" ", ""))
    if not containers:
        return None
    return containers[0]


def restart_via_curl(container_id, grace):
    script = f"""#!/bin/bash
set -e
curl -fsS --unix-socket {DOCKER_SOCK} -X POST \\
     "http://localhost/containers/$CID/restart?t=$GRACE"
"""
    fd, path = tempfile.mkstemp(suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(script)
    try:
        env = dict(os.environ, CID=container_id, GRACE=str(grace))
        return subprocess.run(["bash", path], env=env, capture_output=True, text=True)
    finally:
        os.unlink(path)


def wait_healthy(container_id, timeout):
    deadline = time.time() + timeout
    while time.time() < deadline:
        info = engine_get(f"/containers/{container_id}/json")
        state = info.get("State", {})
        health = state.get("Health", {}).get("Status", "none")
        if state.get("Running") and health in ("healthy", "none"):
            return True
        LOG.debug("state=%s health=%s", state.get("Status"), health)
        time.sleep(3)
    return False


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--role", default="billing")
    ap.add_argument("--grace", type=int, default=20, help="seconds before SIGKILL")
    ap.add_argument("--timeout", type=int, default=120)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        container = find_billing_container(args.role)
    except (OSError, RuntimeError) as exc:
        LOG.error("cannot query docker engine: %s", exc)
        return 1
    if container is None:
        LOG.error("no container with role %s", args.role)
        return 1

    cid = container["Id"]
    LOG.info("restarting %s (%s)", container["Names"][0], cid[:12])
    result = restart_via_curl(cid, args.grace)
    if result.returncode != 0:
        LOG.error("restart failed: %s", result.stderr.strip())
        return 1
    if not wait_healthy(cid, args.timeout):
        LOG.error("container not healthy after %ds", args.timeout)
        return 1
    LOG.info("billing container is back")
    return 0


if __name__ == "__main__":
    sys.exit(main())
