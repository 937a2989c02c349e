#!/usr/bin/env python3
"""Restart the crematory dashboard container when it stops answering.

Meant to be run from the operations account every few minutes. Talks to
the local Docker engine directly so it works on the kiosk image, which
ships without the docker CLI.
"""

import argparse
import http.client
import json
import logging
import socket
import sys
import urllib.request

log = logging.getLogger("dashboard-restart")

ENGINE = {"socket": "/var/run/docker.sock", "api": "v1.43"}
DASHBOARD = {
    "container": "crematory-dashboard",
    "health_url": "http://127.0.0.1:8080/healthz",
}


class EngineConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost")
        self.socket_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(30)
        sock.connect(self.socket_path)
        self.sock = sock


def engine_call(method, path, body=None):
    conn = EngineConnection(ENGINE["socket"])
    encoded = json.dumps(body) if body is not None else None
    headers = {"Content-Type": "application/json"} if encoded else {}
    conn.request(method, f"/{ENGINE['api']}{path}", body=encoded, headers=headers)
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    if resp.status >= 400:
        raise RuntimeError(f"engine {method} {path}: {resp.status} {data[:200]!r}")
    return json.loads(data) if data else None


def find_container(name):
    filters = json.dumps({"name": [name]})
    query = urllib.request.quote(filters)
    items = engine_call("GET", f"/containers/json?all=1&filters={query}")
    for item in items:
        if f"/{name}" in item.get("Names", []):
            return item
    return None


def dashboard_healthy(url, timeout=5):
    try:
        with urllib.request.urlopen(url, timeout=timeout) as resp:
            return resp.status == 200
    except OSError:
        return False


def restart(container_id, grace=10):
    engine_call("POST", f"/containers/{container_id}/restart?t={grace}")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--name", default=DASHBOARD["container"])
    parser.add_argument("--health-url", default=DASHBOARD["health_url"])
    parser.add_argument("--force", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        info = find_container(args.name)
    except (OSError, RuntimeError) as exc:
        log.error("cannot reach docker engine: %s", exc)
        return 2
    if info is None:
        log.error("container %s not found", args.name)
        return 1

    state = info.get("State")
    healthy = dashboard_healthy(args.health_url)
    log.info("container %s state=%s healthy=%s", args.name, state, healthy)
    if args.force or state != "running" or not healthy:
        restart(info["Id"])
        log.info("restart requested for %s", args.name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
