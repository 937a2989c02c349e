#!/usr/bin/env python3
"""ticketing_container_audit.py - audit and heal the ticketing containers.

Talks to the local Docker Engine API over its unix socket (through curl in
a bash pipeline), lists the containers labelled as part of the ticketing
stack, reports their health and restarts the unhealthy ones.
"""

import argparse
import json
import logging
import os
import subprocess
import sys

DOCKER_SOCK = "/var/run/docker.sock"
ROLE_LABEL = "com.cinema.role"

log = logging.getLogger("container_audit")


class DockerSocketClient:
    """Minimal Docker Engine API client using curl --unix-socket."""

    def __init__(self, sock_path, api_version="v1.43"):
        self.sock_path = sock_path
        self.api_version = api_version

    def _call(self, method, path):
        env = dict(os.environ, DOCKER_SOCK=self.sock_path, API_METHOD=method,
                   API_PATH=f"/{self.api_version}{path}")
        script = ('curl -sS --max-time 30 --unix-socket "$DOCKER_SOCK" '
                  '-X "$API_METHOD" "http://localhost$API_PATH"')
        result = subprocess.run(["bash", "-c", script], env=env,
                                capture_output=True, text=True)
        if result.returncode != 0:
            raise RuntimeError(f"{method} {path}: {result.stderr.strip()}")
        return result.stdout

    def containers(self, role):
        filters = json.dumps({"label": [f"{ROLE_LABEL}={role}"]})
        from urllib.parse import quote
        body = self._call("GET", f"/containers/json?all=1&filters={quote(filters)}")
        return json.loads(body or "[]")

    def restart(self, container_id):
        self._call("POST", f"/containers/{container_id}/restart?t=15")


def health_of(container):
    status = container.get("Status", "")
    state = container.get("State", "")
    if state != "running":
        return state or "unknown"
    if "(unhealthy)" in status:
        return "unhealthy"
    if "(healthy)" in status:
        return "healthy"
    return "running"


def write_report(rows, path):
    with open(path, "w", encoding="utf-8") as fh:
        fh.write("name\timage\thealth\taction\n")
        for row in rows:
            fh.write("\t".join(row) + "\n")
    log.info("report written to %s", path)


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--role", default="ticketing")
    ap.add_argument("--socket", default=DOCKER_SOCK)
    ap.add_argument("--report", default="container_audit.tsv")
    ap.add_argument("--no-restart", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not os.path.exists(args.socket):
        log.error("docker socket %s not found", args.socket)
        return 1
    client = DockerSocketClient(args.socket)
    try:
        containers = client.containers(args.role)
    except (RuntimeError, ValueError) as exc:
        log.error("cannot list containers: %s", exc)
        return 1

    rows, failures = [], 0
    for c in containers:
        name = (c.get("Names") or ["?"])[0].lstrip("/")
        health = health_of(c)
        action = "none"
        if health in ("unhealthy", "exited", "dead") and not args.no_restart:
            try:
                client.restart(c["Id"])
                action = "restarted"
                log.info("restarted %s (%s)", name, health)
            except RuntimeError as exc:
                action = "restart-failed"
                failures += 1
                log.error("restart of %s failed: %s", name, exc)
        rows.append((name, c.get("Image", "?"), health, action))

    write_report(rows, args.report)
    log.info("%d containers checked, %d failures", len(rows), failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
