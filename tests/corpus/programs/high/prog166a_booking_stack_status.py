#!/usr/bin/env python3
"""Status board for the booking stack containers.

Talks to the local Docker engine to show whether the booking site,
channel manager bridge and database containers are up, and restarts the
ones that have stopped when asked.
"""

import argparse
import http.client
import json
import logging
import socket
import sys

log = logging.getLogger("stack_status")

DOCKER_SOCKET = "/var/run/docker.sock"
STACK_LABEL = "com.hostel.stack=booking"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 10.0):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class DockerEngine:
    def __init__(self, path: str = DOCKER_SOCKET):
        self.path = path

    def _request(self, method: str, url: str):
        conn = UnixHTTPConnection(self.path)
        try:
            conn.request(method, url, headers={"Host": "docker"})
            resp = conn.getresponse()
            body = resp.read()
        finally:
            conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {body[:200]!r}")
        return json.loads(body) if body else None

    def containers(self, label: str):
        filters = json.dumps({"label": [label]})
        from urllib.parse import quote
        return self._request("GET", f"/containers/json?all=1&filters={quote(filters)}")

    def restart(self, container_id: str):
        self._request("POST", f"/containers/{container_id}/restart?t=10")


def format_row(c: dict) -> str:
    name = c.get("Names", ["?"])[0].lstrip("/")
    image = c.get("Image", "?")
    state = c.get("State", "?")
    status = c.get("Status", "")
    return f"{name:<28} {image:<32} {state:<10} {status}"


def main() -> int:
    parser = argparse.ArgumentParser(description="booking stack container status")
    parser.add_argument("--socket", default=DOCKER_SOCKET)
    parser.add_argument("--label", default=STACK_LABEL)
    parser.add_argument("--restart-stopped", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(message)s")
    engine = DockerEngine(args.socket)

    try:
        items = engine.containers(args.label)
    except (OSError, RuntimeError) as exc:
        log.error("cannot reach docker engine: %s", exc)
        return 1

    if args.json:
        print(json.dumps(items, indent=2))
    else:
        print(f"{'NAME':<28} {'IMAGE':<32} {'STATE':<10} STATUS")
        for c in items:
            print(format_row(c))

    stopped = [c for c in items if c.get("State") != "running"]
    if stopped and args.restart_stopped:
        for c in stopped:
            name = c.get("Names", ["?"])[0].lstrip("/")
            log.info("restarting %s", name)
            try:
                engine.restart(c["Id"])
            except RuntimeError as exc:
                log.error("restart of %s failed: %s", name, exc)
    elif stopped:
        log.info("%d container(s) not running; use --restart-stopped", len(stopped))

    return 0 if not stopped else 2


if __name__ == "__main__":
    sys.exit(main())
