#!/usr/bin/env python3
"""Restart unhealthy booking-platform containers.

Talks to the local Docker Engine API over its unix socket, finds booking
containers whose health check reports "unhealthy" and restarts them.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import time

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
API = "http://localhost/v1.43"
LABEL = os.environ.get("BOOKING_LABEL", "com.example.ferry.service=booking")

log = logging.getLogger("booking-restart")

CURL_HELPER = r"""
set -euo pipefail
curl -sS --fail --unix-socket "$SOCK" -X "$METHOD" "$URL"
"""


class DockerAPI:
    def __init__(self, sock: str):
        self.sock = sock
        if not os.path.exists(sock):
            raise FileNotFoundError(f"docker socket not found: {sock}")

    def call(self, method: str, path: str) -> str:
        env = dict(os.environ, SOCK=self.sock, METHOD=method, URL=f"{API}{path}")
        proc = subprocess.run(["bash", "-c", CURL_HELPER], env=env,
                              capture_output=True, text=True, timeout=90)
        if proc.returncode != 0:
            raise RuntimeError(f"{method} {path} failed: {proc.stderr.strip()}")
        return proc.stdout

    def containers(self, label: str):
        filt = json.dumps({"label": [label]})
        from urllib.parse import quote
        return json.loads(self.call("GET", f"/containers/json?filters={quote(filt)}"))

    def inspect(self, cid: str) -> dict:
        return json.loads(self.call("GET", f"/containers/{cid}/json"))

    def restart(self, cid: str, timeout: int) -> None:
        self.call("POST", f"/containers/{cid}/restart?t={timeout}")


def health_of(info: dict) -> str:
    return ((info.get("State") or {}).get("Health") or {}).get("Status", "none")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--label", default=LABEL)
    ap.add_argument("--stop-timeout", type=int, default=20)
    ap.add_argument("--wait", type=int, default=30, help="seconds to wait before rechecking")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        api = DockerAPI(DOCKER_SOCK)
        items = api.containers(args.label)
    except (FileNotFoundError, RuntimeError, ValueError) as exc:
        log.error("%s", exc)
        return 1
    restarted = []
    for c in items:
        cid, name = c["Id"][:12], (c.get("Names") or ["?"])[0].lstrip("/")
        info = api.inspect(cid)
        status = health_of(info)
        log.info("%s (%s): %s", name, cid, status)
        if status != "unhealthy":
            continue
        if args.dry_run:
            log.info("would restart %s", name)
            continue
        api.restart(cid, args.stop_timeout)
        restarted.append((cid, name))
        log.info("restarted %s", name)
    if restarted:
        time.sleep(args.wait)
        for cid, name in restarted:
            log.info("after restart %s: %s", name, health_of(api.inspect(cid)))
    log.info("%d of %d booking containers restarted", len(restarted), len(items))
    return 0


if __name__ == "__main__":
    sys.exit(main())
