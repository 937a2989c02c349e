#!/usr/bin/env python3
"""germplasm_db_container_ctl.py - inspect and restart the germplasm DB container.

Talks to the Docker Engine API directly over the docker socket (curl via a
bash pipeline) so it works on the lab servers where the docker CLI is not
installed. Lists the seed bank containers, shows their health and restarts
the database container when it is unhealthy.
"""
import argparse
import json
import logging
import os
import shlex
import subprocess
import sys

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
API = "http://localhost/v1.43"

log = logging.getLogger("db_container_ctl")


class DockerSocketClient:
    def __init__(self, sock: str, timeout: int = 20):
        self.sock = sock
        self.timeout = timeout

    def _call(self, method: str, path: str) -> str:
        cmd = (
            f"curl -sS --max-time {self.timeout} --unix-socket {shlex.quote(self.sock)} "
            f"-X {method} {shlex.quote(API + path)}"
        )
        log.debug("running: %s", cmd)
        proc = subprocess.run(["bash", "-c", cmd], capture_output=True, text=True)
        if proc.returncode != 0:
            raise RuntimeError(f"docker API call failed: {proc.stderr.strip()}")
        return proc.stdout

    def containers(self, label: str) -> list:
        filters = json.dumps({"label": [label]})
        out = self._call("GET", f"/containers/json?all=1&filters={filters}")
        return json.loads(out or "[]")

    def inspect(self, cid: str) -> dict:
        return json.loads(self._call("GET", f"/containers/{cid}/json") or "{}")

    def restart(self, cid: str) -> None:
        self._call("POST", f"/containers/{cid}/restart?t=30")

    def logs_tail(self, cid: str, lines: int) -> str:
        raw = self._call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1&tail={lines}")
        # strip the 8-byte stream headers crudely for display
        return "".join(ch for ch in raw if ch.isprintable() or ch == "\n")


def health_of(info: dict) -> str:
    state = info.get("State", {})
    health = state.get("Health", {}).get("Status")
    return health or state.get("Status", "unknown")


def parse_args(argv=None):
    p = argparse.ArgumentParser(description="germplasm DB container control")
    p.add_argument("--label", default="org.example.seedbank=db")
    p.add_argument("--name", default="germplasm-db")
    p.add_argument("--restart-unhealthy", action="store_true")
    p.add_argument("--tail", type=int, default=20)
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not os.path.exists(DOCKER_SOCK):
        log.error("docker socket %s not present", DOCKER_SOCK)
        return 2
    client = DockerSocketClient(DOCKER_SOCK)
    try:
        found = client.containers(args.label)
    except (RuntimeError, json.JSONDecodeError) as exc:
        log.error("cannot list containers: %s", exc)
        return 1
    if not found:
        log.warning("no containers with label %s", args.label)
        return 0
    rc = 0
    for c in found:
        names = [n.lstrip("/") for n in c.get("Names", [])]
        info = client.inspect(c["Id"])
        status = health_of(info)
        log.info("%-24s %-12s %s", ",".join(names), status, c.get("Image", "?"))
        if args.name in names and status in ("unhealthy", "exited", "dead"):
            log.warning("%s is %s; last %d log lines:", args.name, status, args.tail)
            for line in client.logs_tail(c["Id"], args.tail).splitlines():
                log.warning("  %s", line)
            if args.restart_unhealthy:
                try:
                    client.restart(c["Id"])
                    log.info("restart requested for %s", args.name)
                except RuntimeError as exc:
                    log.error("restart failed: %s", exc)
                    rc = 1
    return rc


if __name__ == "__main__":
    sys.exit(main())
