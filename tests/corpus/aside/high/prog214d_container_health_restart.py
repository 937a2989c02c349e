#!/usr/bin/env python3
"""Watchdog for the historian's containerised services.

The trend web UI and the MQTT bridge run as Docker containers on the
historian host. They occasionally go "unhealthy" after a network blip. This
asks the Docker engine for their state and restarts unhealthy ones.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import time

LOG = logging.getLogger("container_watchdog")
DOCKER_SOCK = "/var/run/docker.sock"

# curl talks to the engine API over the unix socket; the request details are
# handed over in environment variables.
API_CALL = r'''
curl -sS --max-time 15 --unix-socket "$DOCKER_SOCK" \
     -X "$API_METHOD" -w '\n%{http_code}' "http://localhost/v1.41$API_PATH"
'''


class DockerAPI:
    def __init__(self, sock):
        self.sock = sock

    def call(self, method, path):
        env = dict(os.environ, DOCKER_SOCK=self.sock, API_METHOD=method,
                   API_PATH=path)
        proc = subprocess.run(["bash", "-c", API_CALL], env=env,
                              capture_output=True, text=True, timeout=30)
        if proc.returncode != 0:
            raise RuntimeError(proc.stderr.strip() or "curl failed")
        body, _, code = proc.stdout.rpartition("\n")
        status = int(code or 0)
        if status >= 400:
            raise RuntimeError(f"{method} {path}: HTTP {status} {body[:200]}")
        return json.loads(body) if body.strip() else None

    def containers(self, name_prefix):
        items = self.call("GET", "/containers/json?all=1") or []
        out = []
        for c in items:
            names = [n.lstrip("/") for n in c.get("Names", [])]
            if any(n.startswith(name_prefix) for n in names):
                out.append((names[0], c["Id"], c.get("State"),
                            c.get("Status", "")))
        return out

    def health(self, cid):
        info = self.call("GET", f"/containers/{cid}/json")
        return (info.get("State", {}).get("Health") or {}).get("Status", "none")

    def restart(self, cid, timeout=20):
        self.call("POST", f"/containers/{cid}/restart?t={timeout}")


def check_once(api, prefix, dry_run):
    restarted = 0
    for name, cid, state, status in api.containers(prefix):
        health = api.health(cid) if state == "running" else "n/a"
        LOG.info("%-28s state=%-8s health=%-9s %s", name, state, health,
                 status)
        if state != "running" or health == "unhealthy":
            if dry_run:
                LOG.warning("would restart %s", name)
                continue
            LOG.warning("restarting %s", name)
            api.restart(cid)
            restarted += 1
    return restarted


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--prefix", default="historian-")
    ap.add_argument("--socket", default=os.environ.get("DOCKER_SOCK",
                                                       DOCKER_SOCK))
    ap.add_argument("--interval", type=int, default=0,
                    help="repeat every N seconds (0 = run once)")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not os.path.exists(args.socket):
        LOG.error("docker socket %s not found", args.socket)
        return 1
    api = DockerAPI(args.socket)
    while True:
        try:
            n = check_once(api, args.prefix, args.dry_run)
            LOG.info("pass complete, %d restarted", n)
        except (RuntimeError, ValueError, subprocess.TimeoutExpired) as exc:
            LOG.error("check failed: %s", exc)
            if not args.interval:
                return 1
        if not args.interval:
            return 0
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
