#!/usr/bin/env python3
"""Checks the departure-board containers on the station display host and
restarts any that have stopped. Talks to the local Docker engine directly
so it works on the slim display image without the docker CLI."""
import argparse
import http.client
import json
import logging
import socket
import sys
import time

DOCKER_SOCKET = "/var/run/docker.sock"
LABEL = "funicular.role=departure-board"

log = logging.getLogger("display-containers")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 10):
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

    def request(self, method: str, url: str, body=None):
        conn = UnixHTTPConnection(self.path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, url, body=json.dumps(body) if body is not None else None,
                     headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url} -> {resp.status}: {data[:200]!r}")
        return json.loads(data) if data else None

    def containers(self, label: str):
        filters = json.dumps({"label": [label]})
        return self.request("GET", f"/containers/json?all=1&filters={filters}")

    def restart(self, container_id: str):
        self.request("POST", f"/containers/{container_id}/restart?t=10")

    def logs_tail(self, container_id: str, lines: int = 20) -> str:
        conn = UnixHTTPConnection(self.path)
        conn.request("GET", f"/containers/{container_id}/logs?stdout=1&stderr=1&tail={lines}")
        data = conn.getresponse().read()
        conn.close()
        return data.decode(errors="replace")


def check_once(engine: DockerEngine, fix: bool) -> int:
    problems = 0
    for item in engine.containers(LABEL):
        name = item["Names"][0].lstrip("/")
        state = item["State"]
        if state == "running":
            log.info("%-30s running (%s)", name, item["Status"])
            continue
        problems += 1
        log.warning("%-30s %s", name, state)
        if fix:
            log.info("last log lines for %s:\n%s", name, engine.logs_tail(item["Id"]))
            engine.restart(item["Id"])
            log.info("restarted %s", name)
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description="Departure board container watchdog")
    parser.add_argument("--fix", action="store_true", help="restart stopped containers")
    parser.add_argument("--loop", type=int, default=0, help="repeat every N seconds")
    parser.add_argument("--socket", default=DOCKER_SOCKET)
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    engine = DockerEngine(args.socket)
    while True:
        try:
            problems = check_once(engine, args.fix)
        except (OSError, RuntimeError) as exc:
            log.error("docker engine unavailable: %s", exc)
            problems = -1
        if not args.loop:
            return 0 if problems == 0 else 1
        time.sleep(args.loop)


if __name__ == "__main__":
    sys.exit(main())
