#!/usr/bin/env python3
"""Health check for the containerised PMS stack.

Lists the containers labelled as part of the hotel PMS stack through the
Docker Engine API on the local socket, reports their health, and restarts the
ones that are unhealthy or exited. Meant for the property server's on-call
engineer.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import time
import urllib.parse

LOG = logging.getLogger("pms_health")
DOCKER_SOCK = "/var/run/docker.sock"
STACK_LABEL = "com.example.hotel.stack=pms"


class DockerAPIError(Exception):
    pass


class DockerSocketClient:
    """Tiny Docker Engine API client that shells out to curl --unix-socket."""

    def __init__(self, sock, api="v1.41", timeout=15):
        self.sock = sock
        self.api = api
        self.timeout = timeout

    def _call(self, method, path):
        cmd = ('curl -sS --max-time "$TIMEOUT" --unix-socket "$SOCK" '
               '-X "$METHOD" -w "\\n%{http_code}" "http://localhost/$API$REQ_PATH"')
        env = dict(os.environ, SOCK=self.sock, METHOD=method, API=self.api,
                   REQ_PATH=path, TIMEOUT=str(self.timeout))
        proc = subprocess.run(["bash", "-c", cmd], env=env, capture_output=True, text=True)
        if proc.returncode != 0:
            raise DockerAPIError(proc.stderr.strip() or "curl failed")
        body, _, status = proc.stdout.rpartition("\n")
        if not status.startswith("2"):
            raise DockerAPIError(f"{method} {path} -> HTTP {status}: {body[:200]}")
        return json.loads(body) if body.strip() else None

    def containers(self, label):
        filters = urllib.parse.quote(json.dumps({"label": [label]}), safe="")
        return self._call("GET", f"/containers/json?all=1&filters={filters}")

    def inspect(self, cid):
        return self._call("GET", f"/containers/{cid}/json")

    def restart(self, cid, grace=10):
        return self._call("POST", f"/containers/{cid}/restart?t={grace}")


def container_state(client, summary):
    details = client.inspect(summary["Id"])
    state = details.get("State", {})
    health = (state.get("Health") or {}).get("Status", "none")
    return state.get("Status", "unknown"), health


def needs_restart(status, health):
    return status in ("exited", "dead") or health == "unhealthy"


def main():
    parser = argparse.ArgumentParser(description="check and heal the PMS containers")
    parser.add_argument("--socket", default=DOCKER_SOCK)
    parser.add_argument("--label", default=STACK_LABEL)
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--wait", type=int, default=20, help="seconds after restart")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not os.path.exists(args.socket):
        LOG.error("docker socket %s not found", args.socket)
        return 1

    client = DockerSocketClient(args.socket)
    try:
        found = client.containers(args.label)
    except DockerAPIError as exc:
        LOG.error("cannot list containers: %s", exc)
        return 1

    restarted = []
    for summary in found:
        name = summary["Names"][0].lstrip("/")
        try:
            status, health = container_state(client, summary)
        except DockerAPIError as exc:
            LOG.warning("%s: inspect failed: %s", name, exc)
            continue
        LOG.info("%-28s status=%-8s health=%s", name, status, health)
        if needs_restart(status, health):
            if args.dry_run:
                LOG.info("would restart %s", name)
                continue
            try:
                client.restart(summary["Id"])
                restarted.append((name, summary["Id"]))
            except DockerAPIError as exc:
                LOG.error("restart of %s failed: %s", name, exc)

    if restarted:
        time.sleep(args.wait)
        for name, cid in restarted:
            status, health = container_state(client, {"Id": cid})
            LOG.info("after restart %s: status=%s health=%s", name, status, health)
    LOG.info("%d container(s) checked, %d restarted", len(found), len(restarted))
    return 0


if __name__ == "__main__":
    sys.exit(main())
