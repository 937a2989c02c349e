#!/usr/bin/env python3
"""Restart unhealthy containers in the ticket-scanning stack.

On event nights the door check-in service runs as a small set of containers
on the events server (scanner-api, scanner-web, redis). This helper talks to
the Docker Engine API over the local docker socket, finds containers carrying
the label su.stack=ticketing, and restarts any that are exited or reporting
unhealthy. Intended to be run by the duty technician from the events server.
"""

import argparse
import http.client
import json
import logging
import socket
import sys
import time

DOCKER_SOCK = "/var/run/docker.sock"
STACK_LABEL = "su.stack=ticketing"
log = logging.getLogger("ticket_stack")


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTPConnection that speaks to a Unix domain socket."""

    def __init__(self, path: str, timeout: float = 10.0):
        super().__init__("docker", timeout=timeout)
        self.sock_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.sock_path)
        self.sock = sock


class DockerClient:
    def __init__(self, sock_path: str = DOCKER_SOCK):
        self.sock_path = sock_path

    def _call(self, method: str, path: str):
        conn = UnixHTTPConnection(self.sock_path)
        try:
            conn.request(method, path, headers={"Host": "docker"})
            resp = conn.getresponse()
            body = resp.read()
        finally:
            conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: HTTP {resp.status} {body[:200]!r}")
        return json.loads(body) if body else None

    def list_stack(self, label: str):
        filters = json.dumps({"label": [label]})
        from urllib.parse import quote
        return self._call("GET", f"/containers/json?all=1&filters={quote(filters)}")

    def inspect(self, cid: str):
        return self._call("GET", f"/containers/{cid}/json")

    def restart(self, cid: str, timeout: int = 10):
        return self._call("POST", f"/containers/{cid}/restart?t={timeout}")


def needs_restart(info: dict) -> str:
    state = info.get("State", {})
    if not state.get("Running"):
        return f"not running (status={state.get('Status')})"
    health = state.get("Health", {}).get("Status")
    if health == "unhealthy":
        return "healthcheck unhealthy"
    return ""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--label", default=STACK_LABEL)
    parser.add_argument("--socket", default=DOCKER_SOCK)
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--settle", type=int, default=8,
                        help="seconds to wait after restarts before re-checking")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    client = DockerClient(args.socket)
    try:
        containers = client.list_stack(args.label)
    except (OSError, RuntimeError) as exc:
        log.error("cannot reach docker: %s", exc)
        return 2

    restarted = []
    for c in containers:
        name = c["Names"][0].lstrip("/")
        info = client.inspect(c["Id"])
        reason = needs_restart(info)
        if not reason:
            log.info("%s ok", name)
            continue
        log.warning("%s: %s", name, reason)
        if args.dry_run:
            continue
        try:
            client.restart(c["Id"])
            restarted.append((name, c["Id"]))
        except RuntimeError as exc:
            log.error("restart of %s failed: %s", name, exc)

    if restarted:
        time.sleep(args.settle)
        for name, cid in restarted:
            reason = needs_restart(client.inspect(cid))
            log.info("%s after restart: %s", name, reason or "ok")
    log.info("checked %d containers, restarted %d", len(containers), len(restarted))
    return 0


if __name__ == "__main__":
    sys.exit(main())
