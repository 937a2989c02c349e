#!/usr/bin/env python3
"""Restart the online booking app container when its health check fails.

Talks straight to the Docker Engine API over the local socket so it works
on the small office server without the docker CLI installed.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import time
import urllib.request

log = logging.getLogger("booking_watch")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
CONTAINER = os.environ.get("BOOKING_CONTAINER", "sweep-booking-web")
HEALTH_URL = os.environ.get("BOOKING_HEALTH_URL", "http://127.0.0.1:8000/healthz")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


def docker_request(method, path, body=None):
    conn = UnixHTTPConnection(DOCKER_SOCK)
    headers = {"Content-Type": "application/json"} if body is not None else {}
    conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    if resp.status >= 400:
        raise RuntimeError(f"docker {method} {path} -> {resp.status}: {data[:200]!r}")
    return json.loads(data) if data else None


def app_healthy(timeout):
    try:
        with urllib.request.urlopen(HEALTH_URL, timeout=timeout) as resp:
            return resp.status == 200
    except OSError as exc:
        log.warning("health check failed: %s", exc)
        return False


def container_state(name):
    info = docker_request("GET", f"/containers/{name}/json")
    return info["State"]["Status"], info["RestartCount"]


def restart_container(name):
    log.warning("restarting %s", name)
    docker_request("POST", f"/containers/{name}/restart?t=10")


def main():
    parser = argparse.ArgumentParser(description="Watch and restart the booking container")
    parser.add_argument("--interval", type=int, default=60)
    parser.add_argument("--failures", type=int, default=3, help="failures before restart")
    parser.add_argument("--timeout", type=int, default=5)
    parser.add_argument("--once", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    failures = 0
    while True:
        if app_healthy(args.timeout):
            failures = 0
        else:
            failures += 1
            status, restarts = container_state(CONTAINER)
            log.info("container %s is %s (restarts: %s), failures=%d", CONTAINER, status, restarts, failures)
            if failures >= args.failures or status != "running":
                restart_container(CONTAINER)
                failures = 0
        if args.once:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
