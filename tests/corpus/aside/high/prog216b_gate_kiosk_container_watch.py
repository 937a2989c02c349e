#!/usr/bin/env python3
"""Watch the gate-kiosk containers on the base-area edge box.

Each lift gate's ticket validation app runs in its own container on the edge
box. This tool asks the Docker Engine for the containers labelled
resort.role=gate-kiosk and restarts those reporting unhealthy.
"""

import argparse
import json
import logging
import os
import subprocess
import sys
import time

LOG = logging.getLogger("kiosk_watch")

DOCKER_SOCK = "/var/run/docker.sock"
# The host part is ignored when curl talks over the unix socket.
API = "http://docker.example.com/v1.43"


class DockerEngine:
    """Talks to the engine API over its unix socket using curl."""

    def __init__(self, sock: str):
        self.sock = sock

    def _call(self, method: str, path: str) -> str:
        cmd = 'curl -sS --fail --unix-socket "$DOCKER_SOCK" -X "$METHOD" "$API_URL"'
        env = dict(os.environ, DOCKER_SOCK=self.sock, METHOD=method, API_URL=API + path)
        res = subprocess.run(["bash", "-c", cmd], env=env, capture_output=True, text=True,
                             timeout=30)
        if res.returncode != 0:
            raise RuntimeError(f"{method} {path}: {res.stderr.strip()}")
        return res.stdout

    def kiosk_containers(self) -> list:
        filt = json.dumps({"label": ["resort.role=gate-kiosk"]})
        from urllib.parse import quote
        raw = self._call("GET", f"/containers/json?all=1&filters={quote(filt)}")
        return json.loads(raw or "[]")

    def health(self, cid: str) -> str:
        info = json.loads(self._call("GET", f"/containers/{cid}/json"))
        state = info.get("State", {})
        return state.get("Health", {}).get("Status", state.get("Status", "unknown"))

    def restart(self, cid: str, timeout: int) -> None:
        self._call("POST", f"/containers/{cid}/restart?t={timeout}")


def check_once(engine: DockerEngine, dry_run: bool, stop_timeout: int) -> int:
    restarted = 0
    for c in engine.kiosk_containers():
        name = (c.get("Names") or ["?"])[0].lstrip("/")
        gate = c.get("Labels", {}).get("resort.gate", "?")
        try:
            status = engine.health(c["Id"])
        except RuntimeError as exc:
            LOG.warning("%s: cannot inspect: %s", name, exc)
            continue
        if status in ("healthy", "running", "starting"):
            LOG.debug("%s (gate %s): %s", name, gate, status)
            continue
        LOG.warning("%s (gate %s) is %s", name, gate, status)
        if dry_run:
            LOG.info("would restart %s", name)
            continue
        try:
            engine.restart(c["Id"], stop_timeout)
            restarted += 1
            LOG.info("restarted %s", name)
        except RuntimeError as exc:
            LOG.error("restart of %s failed: %s", name, exc)
    return restarted


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--sock", default=os.environ.get("DOCKER_SOCK", DOCKER_SOCK))
    p.add_argument("--interval", type=int, default=0, help="repeat every N seconds (0 = once)")
    p.add_argument("--stop-timeout", type=int, default=10)
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not os.path.exists(args.sock):
        LOG.error("docker socket %s not found", args.sock)
        return 2
    engine = DockerEngine(args.sock)
    while True:
        try:
            n = check_once(engine, args.dry_run, args.stop_timeout)
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
