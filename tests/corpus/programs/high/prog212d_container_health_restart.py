#!/usr/bin/env python3
"""Restart unhealthy monitoring containers (smokeping, librenms, grafana).

Talks to the Docker Engine API over the local socket with curl, lists
containers whose health check reports "unhealthy" and restarts them,
with a cap on restarts per run.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import time

LOG = logging.getLogger("container_health")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
WATCHED = ("smokeping", "librenms", "grafana", "oxidized")

CURL_SH = 'curl -s --fail --unix-socket "$DOCKER_SOCK" -X "$API_METHOD" "http://localhost$API_PATH"'


class DockerApi:
    def __init__(self, sock):
        self.sock = sock

    def call(self, method, path):
        env = dict(os.environ, DOCKER_SOCK=self.sock, API_METHOD=method, API_PATH=path)
        proc = subprocess.run(["bash", "-c", CURL_SH], env=env,
                              capture_output=True, text=True, timeout=60)
        if proc.returncode != 0:
            raise RuntimeError(f"{method} {path} failed (curl rc={proc.returncode})")
        return proc.stdout

    def containers(self):
        return json.loads(self.call("GET", "/v1.43/containers/json?all=false"))

    def restart(self, cid):
        self.call("POST", f"/v1.43/containers/{cid}/restart?t=20")


def health_of(container):
    status = container.get("Status", "")
    if "(unhealthy)" in status:
        return "unhealthy"
    if "(healthy)" in status:
        return "healthy"
    return "none"


def watched(container):
    names = [n.lstrip("/") for n in container.get("Names", [])]
    return any(w in n for n in names for w in WATCHED), names


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--max-restarts", type=int, default=2)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--state", default="container_health_state.json")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not os.path.exists(DOCKER_SOCK):
        LOG.error("docker socket %s not found", DOCKER_SOCK)
        return 2
    api = DockerApi(DOCKER_SOCK)
    try:
        items = api.containers()
    except (RuntimeError, json.JSONDecodeError) as exc:
        LOG.error("cannot list containers: %s", exc)
        return 1

    try:
        with open(args.state) as fh:
            state = json.load(fh)
    except (OSError, json.JSONDecodeError):
        state = {}

    restarted = 0
    for c in items:
        is_watched, names = watched(c)
        if not is_watched:
            continue
        h = health_of(c)
        LOG.info("%-25s %s", ",".join(names), h)
        if h != "unhealthy":
            continue
        if restarted >= args.max_restarts:
            LOG.warning("restart cap reached, leaving %s", names[0])
            continue
        if args.dry_run:
            LOG.info("would restart %s", names[0])
            continue
        try:
            api.restart(c["Id"])
            restarted += 1
            state[names[0]] = {"last_restart": int(time.time()),
                               "count": state.get(names[0], {}).get("count", 0) + 1}
            LOG.info("restarted %s", names[0])
        except RuntimeError as exc:
            LOG.error("restart of %s failed: %s", names[0], exc)

    with open(args.state, "w") as fh:
        json.dump(state, fh, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
