#!/usr/bin/env python3
"""Restart unhealthy game-server containers between maps.

Talks to the Docker Engine API on the local socket (through curl, which is
on every match host) to find containers labelled league.role=gameserver whose
health check is failing, and restarts them while no match is live on them.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import time

LOG = logging.getLogger("gs-restart")

DOCKER_SOCK = "/var/run/docker.sock"
API = "http://localhost/v1.43"

CURL_SH = 'curl -sS --fail --unix-socket "$DOCKER_SOCK" -X "$METHOD" "$API$ENDPOINT"'


class DockerAPI:
    def __init__(self, sock):
        self.sock = sock

    def call(self, method, endpoint, timeout=30):
        env = dict(os.environ, DOCKER_SOCK=self.sock, METHOD=method, API=API, ENDPOINT=endpoint)
        proc = subprocess.run(["bash", "-c", CURL_SH], env=env, capture_output=True,
                              text=True, timeout=timeout)
        if proc.returncode != 0:
            raise RuntimeError(f"{method} {endpoint}: {proc.stderr.strip() or proc.returncode}")
        return json.loads(proc.stdout) if proc.stdout.strip() else None

    def gameservers(self):
        flt = json.dumps({"label": ["league.role=gameserver"]})
        from urllib.parse import quote
        return self.call("GET", f"/containers/json?all=1&filters={quote(flt)}")

    def inspect(self, cid):
        return self.call("GET", f"/containers/{cid}/json")

    def restart(self, cid, grace):
        return self.call("POST", f"/containers/{cid}/restart?t={grace}", timeout=grace + 30)


def match_live(info):
    labels = info.get("Config", {}).get("Labels", {}) or {}
    return labels.get("league.match_state") == "live"


def health_of(info):
    state = info.get("State", {})
    return (state.get("Health") or {}).get("Status", "none"), state.get("Status")


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--socket", default=os.environ.get("DOCKER_SOCK", DOCKER_SOCK))
    p.add_argument("--grace", type=int, default=15, help="stop timeout in seconds")
    p.add_argument("--include-exited", action="store_true")
    p.add_argument("--dry-run", action="store_true")
    args = p.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not os.path.exists(args.socket):
        LOG.error("docker socket %s not found", args.socket)
        return 1
    api = DockerAPI(args.socket)
    try:
        containers = api.gameservers()
    except (RuntimeError, json.JSONDecodeError, subprocess.TimeoutExpired) as exc:
        LOG.error("cannot list containers: %s", exc)
        return 1

    restarted = skipped = 0
    for c in containers:
        cid, name = c["Id"][:12], c["Names"][0].lstrip("/")
        try:
            info = api.inspect(cid)
        except RuntimeError as exc:
            LOG.warning("inspect %s failed: %s", name, exc)
            continue
        health, status = health_of(info)
        want = health == "unhealthy" or (args.include_exited and status == "exited")
        if not want:
            continue
        if match_live(info):
            LOG.warning("%s is %s but a match is live - skipping", name, health)
            skipped += 1
            continue
        LOG.info("restarting %s (%s, %s)", name, status, health)
        if args.dry_run:
            continue
        try:
            api.restart(cid, args.grace)
            restarted += 1
            time.sleep(2)
        except (RuntimeError, subprocess.TimeoutExpired) as exc:
            LOG.error("restart of %s failed: %s", name, exc)

    LOG.info("restarted %d, skipped %d (live)", restarted, skipped)
    return 0


if __name__ == "__main__":
    sys.exit(main())
