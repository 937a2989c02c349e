#!/usr/bin/env python3
"""Imaging container health check.

The clinic runs its PACS web viewer, DICOM router and thumbnail worker as
docker containers labelled clinic.role=imaging. This talks to the docker
daemon over its socket (through curl --unix-socket in a bash helper),
lists those containers and restarts any that are unhealthy or exited.
"""
import argparse
import json
import logging
import os
import subprocess
import sys

LOG = logging.getLogger("container_health")

DOCKER_SOCK = "/var/run/docker.sock"
API = "http://localhost/v1.43"

CURL_HELPER = r"""
set -e
curl -sS --max-time 30 --unix-socket "$DOCKER_SOCK" -X "$API_METHOD" "$API_URL"
"""


class DockerClient:
    def __init__(self, sock, api):
        self.sock = sock
        self.api = api

    def call(self, method, path):
        env = dict(os.environ, DOCKER_SOCK=self.sock, API_METHOD=method, API_URL=self.api + path)
        proc = subprocess.run(["bash", "-c", CURL_HELPER], env=env,
                              capture_output=True, text=True)
        if proc.returncode != 0:
            raise RuntimeError(f"{method} {path} failed: {proc.stderr.strip()}")
        return proc.stdout

    def list_imaging(self, label):
        filters = json.dumps({"label": [label]})
        from urllib.parse import quote
        out = self.call("GET", f"/containers/json?all=1&filters={quote(filters)}")
        return json.loads(out or "[]")

    def inspect(self, cid):
        return json.loads(self.call("GET", f"/containers/{cid}/json"))

    def restart(self, cid, timeout=10):
        self.call("POST", f"/containers/{cid}/restart?t={timeout}")


class HealthReport:
    def __init__(self):
        self.rows = []

    def add(self, name, state, health, action):
        self.rows.append((name, state, health, action))

    def render(self):
        width = max([len(r[0]) for r in self.rows] + [4])
        lines = [f"{'NAME':<{width}}  STATE      HEALTH     ACTION"]
        for name, state, health, action in self.rows:
            lines.append(f"{name:<{width}}  {state:<9}  {health:<9}  {action}")
        return "\n".join(lines)


def check(client, label, dry_run):
    report = HealthReport()
    for summary in client.list_imaging(label):
        cid = summary["Id"][:12]
        name = summary["Names"][0].lstrip("/")
        details = client.inspect(cid)
        state = details["State"]["Status"]
        health = details["State"].get("Health", {}).get("Status", "none")
        needs_restart = state in ("exited", "dead") or health == "unhealthy"
        action = "-"
        if needs_restart:
            if dry_run:
                action = "would restart"
            else:
                try:
                    client.restart(cid)
                    action = "restarted"
                except RuntimeError as exc:
                    LOG.error("%s: %s", name, exc)
                    action = "restart failed"
        report.add(name, state, health, action)
    return report


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--socket", default=os.environ.get("DOCKER_SOCK", DOCKER_SOCK))
    parser.add_argument("--label", default="clinic.role=imaging")
    parser.add_argument("-n", "--dry-run", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not os.path.exists(args.socket):
        LOG.error("docker socket %s not found", args.socket)
        return 1
    client = DockerClient(args.socket, API)
    try:
        report = check(client, args.label, args.dry_run)
    except (RuntimeError, ValueError, KeyError) as exc:
        LOG.error("health check failed: %s", exc)
        return 2
    if not report.rows:
        LOG.warning("no containers with label %s", args.label)
        return 0
    print(report.render())
    return 0


if __name__ == "__main__":
    sys.exit(main())
