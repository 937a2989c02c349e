#!/usr/bin/env python3
"""Watchdog for the relay's container stack.

The decoder, the MQTT bridge and the uplink forwarder run as containers on
the relay box. After radio dropouts the decoder sometimes hangs with the
container still "running" but unhealthy. This talks to the Docker Engine
API on the local socket, reports container health and restarts unhealthy
or exited relay containers.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time

DOCKER_SOCK = "/var/run/docker.sock"
RELAY_LABEL = "org.example.wxrelay.stack=relay"
log = logging.getLogger("container_watchdog")


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTPConnection that speaks over a UNIX domain socket."""

    def __init__(self, sock_path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = sock_path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.sock_path)
        self.sock = sock


class DockerAPI:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def request(self, method, path):
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

    def relay_containers(self):
        filters = json.dumps({"label": [RELAY_LABEL]})
        return self.request("GET", f"/containers/json?all=1&filters={filters}")

    def inspect(self, cid):
        return self.request("GET", f"/containers/{cid}/json")

    def restart(self, cid, timeout=20):
        return self.request("POST", f"/containers/{cid}/restart?t={timeout}")


def container_state(api, summary):
    details = api.inspect(summary["Id"])
    state = details.get("State", {})
    health = (state.get("Health") or {}).get("Status", "none")
    return state.get("Status", "unknown"), health


def check_once(api, restart, max_restarts, history):
    problems = 0
    for summary in api.relay_containers():
        name = summary["Names"][0].lstrip("/")
        status, health = container_state(api, summary)
        log.info("%-22s status=%-8s health=%s", name, status, health)
        if status == "running" and health in ("healthy", "none", "starting"):
            continue
        problems += 1
        if not restart:
            continue
        count = history.get(name, 0)
        if count >= max_restarts:
            log.error("%s: restart limit (%d) reached, leaving it for a human", name, max_restarts)
            continue
        log.warning("%s: restarting (attempt %d)", name, count + 1)
        api.restart(summary["Id"])
        history[name] = count + 1
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--socket", default=DOCKER_SOCK)
    parser.add_argument("--restart", action="store_true", help="restart unhealthy containers")
    parser.add_argument("--interval", type=int, default=0, help="loop every N seconds")
    parser.add_argument("--max-restarts", type=int, default=3)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    api = DockerAPI(args.socket)
    history = {}
    while True:
        try:
            problems = check_once(api, args.restart, args.max_restarts, history)
        except (OSError, RuntimeError) as exc:
            log.error("docker API unavailable: %s", exc)
            problems = -1
        if args.interval <= 0:
            return 0 if problems == 0 else 1
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
