#!/usr/bin/env python3
"""alert_container_watch.py - watch the containerised alerting stack.

The station runs its alerting software (message receiver, display driver,
door-controller bridge) as Docker containers.  This checks each expected
container through the Docker Engine API on the local socket and restarts
any that are not running.  The API calls are made with curl over the unix
socket so the same commands can be pasted into a terminal when debugging.
"""

import argparse
import json
import logging
import os
import shlex
import subprocess
import sys
import time

DOCKER_SOCK = "/var/run/docker.sock"
API = "http://localhost/v1.41"
EXPECTED = ["alert-receiver", "alert-display", "door-bridge"]

log = logging.getLogger("container_watch")


class DockerAPI:
    def __init__(self, sock, timeout=10):
        self.sock = sock
        self.timeout = timeout

    def _curl(self, method, path):
        cmd = "curl -sS --max-time %d --unix-socket %s -X %s %s" % (
            self.timeout, shlex.quote(self.sock), method,
            shlex.quote(API + path))
        log.debug("bash -c %s", cmd)
        proc = subprocess.run(["bash", "-c", cmd], capture_output=True, text=True)
        if proc.returncode != 0:
            raise RuntimeError(proc.stderr.strip() or "curl failed")
        return proc.stdout

    def containers(self):
        raw = self._curl("GET", "/containers/json?all=1")
        result = {}
        for c in json.loads(raw or "[]"):
            for name in c.get("Names", []):
                result[name.lstrip("/")] = c.get("State", "unknown")
        return result

    def restart(self, name):
        self._curl("POST", "/containers/%s/restart?t=10" % name)


def check_once(api, expected, dry_run):
    try:
        states = api.containers()
    except (RuntimeError, ValueError) as exc:
        log.error("docker API unavailable: %s", exc)
        return False
    healthy = True
    for name in expected:
        state = states.get(name)
        if state == "running":
            log.info("%-16s running", name)
            continue
        healthy = False
        if state is None:
            log.error("%-16s missing - not created on this host", name)
            continue
        log.warning("%-16s %s -> restarting", name, state)
        if not dry_run:
            try:
                api.restart(name)
            except RuntimeError as exc:
                log.error("restart of %s failed: %s", name, exc)
    return healthy


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--socket", default=os.environ.get("DOCKER_SOCK", DOCKER_SOCK))
    ap.add_argument("--container", action="append", dest="containers",
                    help="expected container (repeatable)")
    ap.add_argument("--interval", type=int, default=0,
                    help="repeat every N seconds (0 = once)")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not os.path.exists(args.socket):
        log.error("docker socket %s not found", args.socket)
        return 1
    api = DockerAPI(args.socket)
    expected = args.containers or EXPECTED

    while True:
        ok = check_once(api, expected, args.dry_run)
        if args.interval <= 0:
            return 0 if ok else 1
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
