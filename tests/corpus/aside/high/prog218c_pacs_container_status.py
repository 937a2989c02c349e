#!/usr/bin/env python3
"""Status and restart helper for the containerised PACS stack.

Talks to the local Docker Engine API over /var/run/docker.sock (through
curl --unix-socket in a bash pipeline) to list the PACS containers
(orthanc, postgres, ohif viewer), show their state and health, and restart
the ones that are unhealthy or exited when --heal is given.
"""
import argparse
import json
import logging
import os
import subprocess
import sys

LOG = logging.getLogger("pacs_containers")

SOCKET = "/var/run/docker.sock"
DEFAULT_PREFIX = "pacs-"

CURL = 'curl -sS --fail --max-time 20 --unix-socket "$DOCKER_SOCK" -X "$METHOD" "http://localhost/v1.43$API_PATH"'


class DockerAPI:
    def __init__(self, socket_path):
        self.socket_path = socket_path

    def call(self, method, path):
        env = dict(os.environ, DOCKER_SOCK=self.socket_path, METHOD=method, API_PATH=path)
        proc = subprocess.run(["bash", "-c", CURL], env=env, capture_output=True, text=True)
        if proc.returncode != 0:
            raise RuntimeError(f"{method} {path}: {proc.stderr.strip()}")
        return json.loads(proc.stdout) if proc.stdout.strip() else None

    def containers(self):
        return self.call("GET", "/containers/json?all=true") or []

    def inspect(self, cid):
        return self.call("GET", f"/containers/{cid}/json")

    def restart(self, cid):
        self.call("POST", f"/containers/{cid}/restart?t=30")


class ContainerState:
    def __init__(self, summary, detail):
        self.name = summary["Names"][0].lstrip("/")
        self.image = summary.get("Image", "?")
        self.state = summary.get("State", "?")
        health = (detail or {}).get("State", {}).get("Health") or {}
        self.health = health.get("Status", "n/a")
        self.restarts = (detail or {}).get("RestartCount", 0)
        self.id = summary["Id"]

    @property
    def needs_restart(self):
        return self.state in ("exited", "dead") or self.health == "unhealthy"


def collect(api, prefix):
    result = []
    for summary in api.containers():
        names = [n.lstrip("/") for n in summary.get("Names", [])]
        if not any(n.startswith(prefix) for n in names):
            continue
        try:
            detail = api.inspect(summary["Id"])
        except RuntimeError as exc:
            LOG.warning("inspect failed: %s", exc)
            detail = None
        result.append(ContainerState(summary, detail))
    return result


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--socket", default=SOCKET)
    ap.add_argument("--prefix", default=DEFAULT_PREFIX)
    ap.add_argument("--heal", action="store_true", help="restart unhealthy/exited containers")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not os.path.exists(args.socket):
        LOG.error("docker socket %s not found", args.socket)
        return 2
    api = DockerAPI(args.socket)
    try:
        states = collect(api, args.prefix)
    except (RuntimeError, json.JSONDecodeError) as exc:
        LOG.error("docker API error: %s", exc)
        return 2

    if args.json:
        print(json.dumps([vars(s) for s in states], indent=2))
    else:
        print(f"{'NAME':<22}{'STATE':<10}{'HEALTH':<11}{'RESTARTS':>8}  IMAGE")
        for s in states:
            print(f"{s.name:<22}{s.state:<10}{s.health:<11}{s.restarts:>8}  {s.image}")

    bad = [s for s in states if s.needs_restart]
    if args.heal:
        for s in bad:
            LOG.info("restarting %s (%s/%s)", s.name, s.state, s.health)
            try:
                api.restart(s.id)
            except RuntimeError as exc:
                LOG.error("restart of %s failed: %s", s.name, exc)
    elif bad:
        LOG.warning("%d container(s) need attention; rerun with --heal", len(bad))
    return 0 if not bad or args.heal else 1


if __name__ == "__main__":
    sys.exit(main())
