#!/usr/bin/env python3
"""Status and restart helper for the booking system containers.

Talks to the local Docker engine to list the booking app containers,
show their health, and restart any that are unhealthy.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

log = logging.getLogger("container_status")

ENGINE_SOCKET = "/var/run/docker.sock"
API_VERSION = "v1.43"
APP_LABEL = "com.minibus.app=bookings"


class EngineConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class Engine:
    def __init__(self, path=ENGINE_SOCKET):
        self.path = path

    def call(self, method, url, body=None):
        conn = EngineConnection(self.path)
        try:
            headers = {"Content-Type": "application/json"} if body is not None else {}
            conn.request(method, f"/{API_VERSION}{url}",
                         body=json.dumps(body) if body is not None else None,
                         headers=headers)
            resp = conn.getresponse()
            raw = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {url}: {resp.status} {raw[:200]!r}")
            return json.loads(raw) if raw else None
        finally:
            conn.close()

    def containers(self, label):
        filters = json.dumps({"label": [label]})
        from urllib.parse import quote
        return self.call("GET", f"/containers/json?all=1&filters={quote(filters)}")

    def inspect(self, cid):
        return self.call("GET", f"/containers/{cid}/json")

    def restart(self, cid, wait=10):
        return self.call("POST", f"/containers/{cid}/restart?t={wait}")


def health_of(details):
    state = details.get("State", {})
    health = state.get("Health", {}).get("Status")
    return health or state.get("Status", "unknown")


def report(engine, label):
    rows = []
    for item in engine.containers(label):
        details = engine.inspect(item["Id"])
        name = item["Names"][0].lstrip("/") if item.get("Names") else item["Id"][:12]
        rows.append((name, item["Id"], item.get("Image", "?"), health_of(details)))
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--label", default=APP_LABEL)
    parser.add_argument("--restart-unhealthy", action="store_true")
    parser.add_argument("--socket", default=ENGINE_SOCKET)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    engine = Engine(args.socket)
    try:
        rows = report(engine, args.label)
    except (OSError, RuntimeError) as exc:
        log.error("cannot reach engine: %s", exc)
        return 1

    for name, _cid, image, health in rows:
        print(f"{name:30} {image:40} {health}")

    if args.restart_unhealthy:
        for name, cid, _image, health in rows:
            if health in ("unhealthy", "exited", "dead"):
                log.info("restarting %s", name)
                engine.restart(cid)
    return 0


if __name__ == "__main__":
    sys.exit(main())
