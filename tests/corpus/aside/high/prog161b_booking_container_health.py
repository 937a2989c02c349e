#!/usr/bin/env python3
"""Watch the online booking containers on the garage server.

Talks to the local Docker engine, checks the health of the booking and
tyre-quote containers and restarts any that report unhealthy.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import time

log = logging.getLogger("booking_health")

DOCKER_SOCKET = os.environ.get("DOCKER_SOCKET", "/var/run/docker.sock")
WATCHED_PREFIXES = ("booking-", "tyre-quote-", "exhaust-quote-")
CHECK_INTERVAL = int(os.environ.get("CHECK_INTERVAL", "60"))
MAX_RESTARTS = 3


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, socket_path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = socket_path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class DockerEngine:
    def __init__(self, socket_path):
        self.socket_path = socket_path

    def call(self, method, path):
        conn = UnixHTTPConnection(self.socket_path)
        try:
            conn.request(method, path)
            resp = conn.getresponse()
            body = resp.read()
        finally:
            conn.close()
        if resp.status >= 400:
            raise RuntimeError("%s %s -> %d" % (method, path, resp.status))
        return json.loads(body) if body else None

    def containers(self):
        return self.call("GET", "/containers/json?all=1")

    def inspect(self, cid):
        return self.call("GET", "/containers/%s/json" % cid)

    def restart(self, cid):
        return self.call("POST", "/containers/%s/restart?t=10" % cid)


def watched(container):
    names = [n.lstrip("/") for n in container.get("Names", [])]
    return any(n.startswith(WATCHED_PREFIXES) for n in names), names[0] if names else "?"


def health_of(engine, cid):
    state = engine.inspect(cid).get("State", {})
    if not state.get("Running"):
        return "stopped"
    return state.get("Health", {}).get("Status", "none")


def check_once(engine, restarts):
    for container in engine.containers():
        is_watched, name = watched(container)
        if not is_watched:
            continue
        status = health_of(engine, container["Id"])
        log.info("%s: %s", name, status)
        if status in ("unhealthy", "stopped"):
            if restarts.get(name, 0) >= MAX_RESTARTS:
                log.error("%s restarted %d times, leaving it for a human", name, MAX_RESTARTS)
                continue
            engine.restart(container["Id"])
            restarts[name] = restarts.get(name, 0) + 1
            log.warning("restarted %s", name)
        elif status == "healthy":
            restarts.pop(name, None)


def main():
    parser = argparse.ArgumentParser(description="Booking container health watcher")
    parser.add_argument("--once", action="store_true")
    parser.add_argument("--socket", default=DOCKER_SOCKET)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    engine = DockerEngine(args.socket)
    restarts = {}
    while True:
        try:
            check_once(engine, restarts)
        except (OSError, RuntimeError) as exc:
            log.error("health check failed: %s", exc)
        if args.once:
            break
        time.sleep(CHECK_INTERVAL)


if __name__ == "__main__":
    main()
