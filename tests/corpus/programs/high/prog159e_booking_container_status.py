#!/usr/bin/env python3
"""Reports the state of the booking stack containers on the studio server.

Talks to the local Docker engine directly so it works on the minimal server
image where the docker CLI is not installed.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys

log = logging.getLogger("booking-status")

ENGINE_SOCKET = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
STACK_LABEL = "com.inkhouse.stack=booking"
WATCHED = ("booking-web", "booking-db", "booking-worker", "booking-cache")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self._path)
        self.sock = sock


class Engine:
    def __init__(self, path):
        self.path = path

    def get(self, url):
        conn = UnixHTTPConnection(self.path)
        try:
            conn.request("GET", url)
            resp = conn.getresponse()
            body = resp.read()
        finally:
            conn.close()
        if resp.status >= 400:
            raise RuntimeError("engine returned {} for {}".format(resp.status, url))
        return json.loads(body or b"null")

    def containers(self):
        filters = json.dumps({"label": [STACK_LABEL]})
        return self.get("/containers/json?all=1&filters=" + filters.replace(" ", ""))

    def restart_count(self, cid):
        info = self.get("/containers/{}/json".format(cid))
        return info.get("RestartCount", 0), info.get("State", {}).get("Health", {}).get("Status")


def summarise(engine):
    rows = []
    seen = set()
    for c in engine.containers():
        name = c["Names"][0].lstrip("/")
        seen.add(name)
        restarts, health = engine.restart_count(c["Id"])
        rows.append({
            "name": name,
            "image": c.get("Image"),
            "state": c.get("State"),
            "status": c.get("Status"),
            "restarts": restarts,
            "health": health or "n/a",
        })
    for name in WATCHED:
        if name not in seen:
            rows.append({"name": name, "state": "missing", "status": "", "restarts": 0,
                         "image": "", "health": "n/a"})
    return rows


def print_table(rows):
    print("{:<18} {:<10} {:<8} {:<9} {}".format("NAME", "STATE", "HEALTH", "RESTARTS", "STATUS"))
    for r in sorted(rows, key=lambda x: x["name"]):
        print("{name:<18} {state:<10} {health:<8} {restarts:<9} {status}".format(**r))


def main():
    parser = argparse.ArgumentParser(description="Booking stack status")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)

    engine = Engine(ENGINE_SOCKET)
    try:
        rows = summarise(engine)
    except (OSError, RuntimeError) as exc:
        log.error("cannot reach engine at %s: %s", ENGINE_SOCKET, exc)
        return 2

    if args.json:
        print(json.dumps(rows, indent=2))
    else:
        print_table(rows)
    unhealthy = [r for r in rows if r["state"] != "running"]
    return 1 if unhealthy else 0


if __name__ == "__main__":
    sys.exit(main())
