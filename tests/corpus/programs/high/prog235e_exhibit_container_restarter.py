#!/usr/bin/env python3
"""Restart unhealthy exhibit containers on a kiosk host.

The exhibit applications (the tide simulator, the planetarium launcher, the
quiz wall) run as Docker containers labelled museum.exhibit=<name>. This tool
asks the Docker Engine API on the local socket for their state and restarts
the ones that are unhealthy or exited, through a generated curl script.
"""
import argparse
import json
import logging
import os
import shlex
import subprocess
import sys
import tempfile
import urllib.parse

DOCKER_SOCK = "/var/run/docker.sock"
API = "http://localhost/v1.43"
LABEL = "museum.exhibit"

log = logging.getLogger("exhibit-restarter")


class DockerClient:
    """Minimal Docker Engine API client built on curl --unix-socket."""

    def __init__(self, sock):
        self.sock = sock

    def get(self, path):
        out = subprocess.run(
            ["curl", "-s", "--max-time", "10", "--unix-socket", self.sock, API + path],
            capture_output=True, text=True, check=True)
        return json.loads(out.stdout or "null")

    def restart_script(self, container_ids, timeout):
        lines = ["#!/bin/bash", "set -u", "rc=0"]
        for cid in container_ids:
            url = "%s/containers/%s/restart?t=%d" % (API, cid, timeout)
            lines.append(
                "code=$(curl -s -o /dev/null -w '%%{http_code}' -X POST --unix-socket %s %s)"
                % (shlex.quote(self.sock), shlex.quote(url)))
            lines.append('[ "$code" = 204 ] && echo "restarted %s" || { echo "failed %s $code"; rc=1; }'
                         % (cid[:12], cid[:12]))
        lines.append("exit $rc")
        return "\n".join(lines) + "\n"


def needs_restart(container):
    state = container.get("State", "")
    status = container.get("Status", "")
    return state in ("exited", "dead") or "unhealthy" in status


def parse_args():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--socket", default=os.environ.get("DOCKER_SOCK", DOCKER_SOCK))
    p.add_argument("--exhibit", action="append", help="limit to these exhibit names")
    p.add_argument("--stop-timeout", type=int, default=15)
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    client = DockerClient(args.socket)
    filters = json.dumps({"label": [LABEL]})
    try:
        containers = client.get("/containers/json?all=true&filters=" +
                                urllib.parse.quote(filters))
    except (subprocess.CalledProcessError, ValueError) as exc:
        log.error("docker API query failed: %s", exc)
        return 1
    if not containers:
        log.info("no exhibit containers found")
        return 0

    targets = []
    for c in containers:
        name = c.get("Labels", {}).get(LABEL, "?")
        if args.exhibit and name not in args.exhibit:
            continue
        if needs_restart(c):
            log.info("exhibit %s (%s) is %s", name, c["Id"][:12], c.get("Status"))
            targets.append(c["Id"])
    if not targets:
        log.info("all %d exhibit containers healthy", len(containers))
        return 0

    script = client.restart_script(targets, args.stop_timeout)
    if args.dry_run:
        sys.stdout.write(script)
        return 0
    with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as fh:
        fh.write(script)
        path = fh.name
    try:
        res = subprocess.run(["bash", path], capture_output=True, text=True, timeout=300)
    finally:
        os.unlink(path)
    for line in res.stdout.splitlines():
        log.info(line)
    return res.returncode


if __name__ == "__main__":
    sys.exit(main())
