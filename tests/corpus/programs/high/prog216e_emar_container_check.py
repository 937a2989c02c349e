#!/usr/bin/env python3
"""Check and recover the eMAR containers on the ward server.

The hospice runs its electronic medication administration record (eMAR) web
front end and its print spooler as Docker containers. This tool talks to the
Docker Engine API over the local socket (via curl --unix-socket), reports
each container's health and restarts the unhealthy ones.
"""

import argparse
import json
import logging
import os
import shlex
import subprocess
import sys
import urllib.parse

LOG = logging.getLogger("emar-check")

DOCKER_SOCK = "/var/run/docker.sock"
API = "http://localhost/v1.43"


class DockerClient:
    def __init__(self, sock):
        self.sock = sock

    def _call(self, method, path):
        cmd = ("curl -s --fail --unix-socket {sock} -X {method} {url}"
               .format(sock=shlex.quote(self.sock), method=method,
                       url=shlex.quote(API + path)))
        res = subprocess.run(["bash", "-c", cmd], capture_output=True, text=True)
        if res.returncode != 0:
            raise RuntimeError(f"{method} {path} failed (curl rc={res.returncode})")
        return json.loads(res.stdout) if res.stdout.strip() else None

    def containers(self, label):
        flt = urllib.parse.quote(json.dumps({"label": [label]}))
        return self._call("GET", "/containers/json?all=1&filters=" + flt)

    def inspect(self, cid):
        return self._call("GET", f"/containers/{cid}/json")

    def restart(self, cid, timeout=20):
        return self._call("POST", f"/containers/{cid}/restart?t={timeout}")


class HealthReport:
    def __init__(self):
        self.rows = []

    def add(self, name, state, health, action):
        self.rows.append((name, state, health, action))

    def render(self):
        width = max((len(r[0]) for r in self.rows), default=10)
        lines = [f"{'container'.ljust(width)}  state     health     action"]
        for name, state, health, action in self.rows:
            lines.append(f"{name.ljust(width)}  {state:<8}  {health:<9}  {action}")
        return "\n".join(lines)


def parse_args():
    p = argparse.ArgumentParser(description="eMAR container health check")
    p.add_argument("--socket", default=os.environ.get("DOCKER_SOCK", DOCKER_SOCK))
    p.add_argument("--label", default="ward.app=emar")
    p.add_argument("--no-restart", action="store_true")
    p.add_argument("--json", action="store_true", help="print machine-readable output")
    return p.parse_args()


def main():
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    args = parse_args()
    if not os.path.exists(args.socket):
        LOG.error("docker socket %s not found", args.socket)
        return 2
    client = DockerClient(args.socket)
    report = HealthReport()
    try:
        items = client.containers(args.label) or []
    except (RuntimeError, json.JSONDecodeError) as exc:
        LOG.error("cannot list containers: %s", exc)
        return 1
    restarted = 0
    for item in items:
        cid = item["Id"][:12]
        name = item.get("Names", ["?"])[0].lstrip("/")
        try:
            info = client.inspect(cid)
        except RuntimeError as exc:
            LOG.warning("inspect %s failed: %s", name, exc)
            continue
        state = info["State"]["Status"]
        health = info["State"].get("Health", {}).get("Status", "none")
        action = "-"
        if (state != "running" or health == "unhealthy") and not args.no_restart:
            try:
                client.restart(cid)
                action = "restarted"
                restarted += 1
            except RuntimeError as exc:
                action = f"restart failed ({exc})"
        report.add(name, state, health, action)
    if args.json:
        print(json.dumps([dict(zip(("name", "state", "health", "action"), r))
                          for r in report.rows], indent=2))
    else:
        print(report.render())
    LOG.info("%d container(s) checked, %d restarted", len(items), restarted)
    return 0


if __name__ == "__main__":
    sys.exit(main())
