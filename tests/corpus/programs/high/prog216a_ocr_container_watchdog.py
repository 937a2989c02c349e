#!/usr/bin/env python3
"""Watchdog for the OCR worker containers on the digitisation server.

The OCR workers run as Docker containers labelled records.role=ocr. When
one goes unhealthy the queue stalls and nobody notices until the afternoon.
This talks to the Docker Engine API over the local socket (through curl, the
way the ops runbook does it) and restarts unhealthy workers.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import time

LOG = logging.getLogger("ocr_watchdog")

DOCKER_SOCK = "/var/run/docker.sock"
API = "http://localhost/v1.43"
ROLE_FILTER = '{"label":["records.role=ocr"]}'

CURL_CMD = 'curl -sS --fail --unix-socket "$DOCKER_SOCK" -X "$METHOD" "$API_URL"'


class DockerError(Exception):
    pass


class DockerAPI:
    def __init__(self, sock=DOCKER_SOCK, base=API):
        self.sock = sock
        self.base = base

    def call(self, method, path):
        env = dict(os.environ, DOCKER_SOCK=self.sock, METHOD=method,
                   API_URL=f"{self.base}{path}")
        proc = subprocess.run(["bash", "-c", CURL_CMD], env=env,
                              capture_output=True, text=True, timeout=60)
        if proc.returncode != 0:
            raise DockerError(f"{method} {path}: {proc.stderr.strip()}")
        out = proc.stdout.strip()
        return json.loads(out) if out else None

    def ocr_containers(self):
        from urllib.parse import quote
        return self.call("GET", f"/containers/json?filters={quote(ROLE_FILTER)}") or []

    def inspect(self, cid):
        return self.call("GET", f"/containers/{cid}/json")

    def restart(self, cid, timeout=30):
        self.call("POST", f"/containers/{cid}/restart?t={timeout}")


def health_of(details):
    state = details.get("State", {})
    health = state.get("Health", {}).get("Status")
    if health:
        return health
    return "running" if state.get("Running") else state.get("Status", "unknown")


def check_once(api, dry_run):
    restarted = 0
    for c in api.ocr_containers():
        cid = c["Id"][:12]
        name = (c.get("Names") or ["?"])[0].lstrip("/")
        try:
            status = health_of(api.inspect(cid))
        except DockerError as exc:
            LOG.warning("cannot inspect %s: %s", name, exc)
            continue
        LOG.debug("%s (%s): %s", name, cid, status)
        if status in ("unhealthy", "exited", "dead"):
            if dry_run:
                LOG.info("would restart %s (%s)", name, status)
                continue
            LOG.warning("restarting %s (%s)", name, status)
            try:
                api.restart(cid)
                restarted += 1
            except DockerError as exc:
                LOG.error("restart of %s failed: %s", name, exc)
    return restarted


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--interval", type=int, default=0,
                    help="seconds between checks; 0 checks once and exits")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not os.path.exists(DOCKER_SOCK):
        LOG.error("docker socket %s not found", DOCKER_SOCK)
        return 1
    api = DockerAPI()
    while True:
        try:
            n = check_once(api, args.dry_run)
            LOG.info("check complete, %d container(s) restarted", n)
        except (DockerError, ValueError, subprocess.TimeoutExpired) as exc:
            LOG.error("check failed: %s", exc)
        if args.interval <= 0:
            break
        time.sleep(args.interval)
    return 0


if __name__ == "__main__":
    sys.exit(main())
