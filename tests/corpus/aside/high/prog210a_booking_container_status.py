#!/usr/bin/env python3
"""Status check for the hall booking app's containers.

Asks the Docker engine directly over its socket which hall containers are
up, and restarts any that have stopped using a generated helper script.
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

LOG = logging.getLogger("container_status")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
PREFIX = "hallbook"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.sock_path)
        self.sock = sock


def docker_get(path):
    conn = UnixHTTPConnection(DOCKER_SOCK)
    try:
        conn.request("GET", path)
        resp = conn.getresponse()
        body = resp.read()
        if resp.status != 200:
            raise RuntimeError(f"docker API {path} returned {resp.status}")
        return json.loads(body)
    finally:
        conn.close()


def hall_containers():
    items = docker_get("/containers/json?all=1")
    result = []
    for c in items:
        names = [n.lstrip("/") for n in c.get("Names", [])]
        if any(n.startswith(PREFIX) for n in names):
            result.append({"id": c["Id"][:12], "name": names[0],
                           "state": c.get("State"), "status": c.get("Status")})
    return result


def restart(names, dry_run):
    lines = ["#!/bin/bash", f'export DOCKER_HOST="unix://{DOCKER_SOCK}"']
    for n in names:
        lines.append(f'docker restart "{n}" && echo "restarted {n}"')
    lines.append("docker ps --filter name=%s --format '{{.Names}} {{.Status}}'" % PREFIX)
    script = "\n".join(lines) + "\n"
    if dry_run:
        print(script)
        return 0
    fd, path = tempfile.mkstemp(prefix="hallbook_", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(script)
    try:
        proc = subprocess.run(["bash", path], capture_output=True, text=True)
        for line in proc.stdout.splitlines():
            LOG.info("%s", line)
        if proc.returncode != 0:
            LOG.error("restart failed: %s", proc.stderr.strip())
        return proc.returncode
    finally:
        os.unlink(path)


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--restart", action="store_true", help="restart stopped containers")
    p.add_argument("--json", action="store_true", help="print status as JSON")
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    if not os.path.exists(DOCKER_SOCK):
        LOG.error("docker socket %s not found", DOCKER_SOCK)
        return 1
    try:
        containers = hall_containers()
    except (OSError, RuntimeError, ValueError) as exc:
        LOG.error("cannot query docker: %s", exc)
        return 1
    if args.json:
        print(json.dumps(containers, indent=2))
    else:
        for c in containers:
            print(f"{c['name']:<28} {c['state']:<10} {c['status']}")
    stopped = [c["name"] for c in containers if c["state"] != "running"]
    if stopped and args.restart:
        return restart(stopped, args.dry_run)
    if stopped:
        LOG.warning("%d container(s) not running: %s", len(stopped), ", ".join(stopped))
    return 0


if __name__ == "__main__":
    sys.exit(main())
