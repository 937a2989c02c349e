#!/usr/bin/env python3
"""restart_catch_api_container.py - watchdog for the shore catch-intake API.

The shore office runs the catch-intake API, which receives ERS reports
from the vessels, as a Docker container. After satellite backlogs it
sometimes stays "unhealthy". This watchdog talks to the Docker Engine API
on the local socket, finds the container by its compose service name and
restarts it when it is unhealthy or has exited.

Usage:
    restart_catch_api_container.py [--service catch-intake] [--check-only]
"""

import argparse
import http.client
import json
import logging
import socket
import sys
import urllib.parse

DOCKER_SOCKET = "/var/run/docker.sock"

log = logging.getLogger("catch-watchdog")


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTPConnection over a Unix domain socket."""

    def __init__(self, socket_path: str, timeout: float = 10.0):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = socket_path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class DockerClient:
    def __init__(self, socket_path: str = DOCKER_SOCKET):
        self.socket_path = socket_path

    def _request(self, method: str, path: str):
        conn = UnixHTTPConnection(self.socket_path)
        try:
            conn.request(method, path, headers={"Host": "docker"})
            resp = conn.getresponse()
            body = resp.read()
        finally:
            conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path} -> {resp.status}: {body[:200]!r}")
        return json.loads(body) if body else None

    def containers_for_service(self, service: str) -> list:
        filters = json.dumps({"label": [f"com.docker.compose.service={service}"]})
        query = urllib.parse.urlencode({"all": "1", "filters": filters})
        return self._request("GET", f"/containers/json?{query}")

    def inspect(self, cid: str) -> dict:
        return self._request("GET", f"/containers/{cid}/json")

    def restart(self, cid: str, timeout: int = 20) -> None:
        self._request("POST", f"/containers/{cid}/restart?t={timeout}")


def needs_restart(info: dict) -> str:
    state = info.get("State", {})
    status = state.get("Status")
    health = (state.get("Health") or {}).get("Status")
    if status in ("exited", "dead"):
        return f"status {status}"
    if health == "unhealthy":
        return "health check failing"
    return ""


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--service", default="catch-intake")
    ap.add_argument("--check-only", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    client = DockerClient()
    try:
        containers = client.containers_for_service(args.service)
    except (OSError, RuntimeError) as exc:
        log.error("cannot query Docker: %s", exc)
        return 2
    if not containers:
        log.error("no container found for service %s", args.service)
        return 1

    restarted = 0
    for summary in containers:
        cid = summary["Id"][:12]
        info = client.inspect(cid)
        reason = needs_restart(info)
        if not reason:
            log.info("%s healthy", cid)
            continue
        log.warning("%s needs restart: %s", cid, reason)
        if args.check_only:
            continue
        try:
            client.restart(cid)
            restarted += 1
            log.info("%s restarted", cid)
        except RuntimeError as exc:
            log.error("restart of %s failed: %s", cid, exc)
    log.info("%d container(s) restarted", restarted)
    return 0


if __name__ == "__main__":
    sys.exit(main())
