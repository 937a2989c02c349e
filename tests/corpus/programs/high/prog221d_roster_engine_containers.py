#!/usr/bin/env python3
"""Check and restart the roster engine containers on a scheduling host.

Talks to the Docker Engine API over the local docker socket, lists the
containers labelled app=roster-engine, and restarts any that report an
unhealthy state or that have been restarting in a loop.
"""
import argparse
import json
import logging
import os
import subprocess
import sys

LOG = logging.getLogger("engine-containers")
DOCKER_SOCK = "/var/run/docker.sock"

CURL_SH = 'curl -s --unix-socket "$DOCKER_SOCK" -X "$API_METHOD" "http://localhost$API_PATH"'


class DockerAPI:
    def __init__(self, sock: str):
        self.sock = sock

    def call(self, method: str, path: str):
        env = dict(os.environ, DOCKER_SOCK=self.sock, API_METHOD=method,
                   API_PATH=path)
        proc = subprocess.run(["bash", "-c", CURL_SH], env=env,
                              capture_output=True, text=True, timeout=60)
        if proc.returncode != 0:
            raise RuntimeError(f"{method} {path} failed: {proc.stderr.strip()}")
        body = proc.stdout.strip()
        return json.loads(body) if body else None

    def containers(self, label: str):
        flt = json.dumps({"label": [label]})
        from urllib.parse import quote
        return self.call("GET", f"/containers/json?all=1&filters={quote(flt)}")

    def inspect(self, cid: str):
        return self.call("GET", f"/containers/{cid}/json")

    def restart(self, cid: str, timeout: int):
        return self.call("POST", f"/containers/{cid}/restart?t={timeout}")


class EngineChecker:
    def __init__(self, api: DockerAPI, max_restarts: int, dry_run: bool):
        self.api = api
        self.max_restarts = max_restarts
        self.dry_run = dry_run
        self.restarted = []

    def needs_restart(self, info) -> str | None:
        state = info.get("State", {})
        health = (state.get("Health") or {}).get("Status")
        if health == "unhealthy":
            return "unhealthy"
        if not state.get("Running"):
            return f"not running ({state.get('Status')})"
        if info.get("RestartCount", 0) > self.max_restarts:
            return f"restart loop ({info['RestartCount']})"
        return None

    def run(self, label: str):
        items = self.api.containers(label) or []
        LOG.info("%d containers match %s", len(items), label)
        for c in items:
            cid = c["Id"][:12]
            name = (c.get("Names") or ["?"])[0].lstrip("/")
            info = self.api.inspect(cid)
            reason = self.needs_restart(info)
            if not reason:
                LOG.info("%s (%s) ok", name, cid)
                continue
            LOG.warning("%s (%s) needs restart: %s", name, cid, reason)
            if not self.dry_run:
                self.api.restart(cid, timeout=20)
                self.restarted.append(name)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--label", default="app=roster-engine")
    ap.add_argument("--socket", default=DOCKER_SOCK)
    ap.add_argument("--max-restarts", type=int, default=5)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not os.path.exists(args.socket):
        LOG.error("docker socket %s not found", args.socket)
        sys.exit(1)
    checker = EngineChecker(DockerAPI(args.socket), args.max_restarts, args.dry_run)
    try:
        checker.run(args.label)
    except (RuntimeError, json.JSONDecodeError, subprocess.TimeoutExpired) as exc:
        LOG.error("docker API error: %s", exc)
        sys.exit(1)
    LOG.info("restarted: %s", ", ".join(checker.restarted) or "none")


if __name__ == "__main__":
    main()
