#!/usr/bin/env python3
"""Booking container status.

Shows the state of the online booking app container on the workshop server
and restarts it when the health check says it has hung.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import urllib.request

log = logging.getLogger("booking-status")

SOCKET_PATH = os.environ.get("ENGINE_SOCK", "/var/run/" + "do" + "cker.sock")
APP_LABEL = os.environ.get("BOOKING_LABEL", "workshop.app=booking")
HEALTH_URL = os.environ.get("BOOKING_HEALTH", "http://127.0.0.1:8080/health")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class EngineClient:
    version = "v1.43"

    def __init__(self, path):
        self.path = path

    def _request(self, method, endpoint, body=None):
        conn = UnixHTTPConnection(self.path)
        try:
            encoded = json.dumps(body).encode() if body is not None else None
            headers = {"Content-Type": "application/json"} if encoded else {}
            conn.request(method, f"/{self.version}{endpoint}", body=encoded, headers=headers)
            resp = conn.getresponse()
            data = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {endpoint}: {resp.status} {data[:200]!r}")
            return json.loads(data) if data else None
        finally:
            conn.close()

    def containers(self, label):
        filters = json.dumps({"label": [label]})
        query = urllib.request.quote(filters)
        return self._request("GET", f"/containers/json?all=1&filters={query}")

    def restart(self, cid):
        return self._request("POST", f"/containers/{cid}/restart?t=15")

    def logs_tail(self, cid, lines=20):
        conn = UnixHTTPConnection(self.path)
        try:
            conn.request("GET", f"/{self.version}/containers/{cid}/logs?stdout=1&stderr=1&tail={lines}")
            return conn.getresponse().read().decode(errors="replace")
        finally:
            conn.close()


def healthy(url):
    try:
        with urllib.request.urlopen(url, timeout=5) as resp:
            return resp.status == 200
    except OSError:
        return False


def show(client):
    for c in client.containers(APP_LABEL):
        name = c["Names"][0].lstrip("/")
        print(f"{c['Id'][:12]}  {name:<24} {c['State']:<10} {c['Status']}")


def heal(client, dry_run):
    if healthy(HEALTH_URL):
        log.info("booking app healthy")
        return 0
    targets = [c for c in client.containers(APP_LABEL) if c["State"] == "running"]
    for c in targets:
        log.warning("restarting %s", c["Names"][0])
        if not dry_run:
            client.restart(c["Id"])
    return 1 if targets else 2


def tail_all(client):
    for c in client.containers(APP_LABEL):
        print(f"== {c['Names'][0].lstrip('/')} ==")
        print(client.logs_tail(c["Id"]))
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=["show", "heal", "logs"], nargs="?", default="show")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    client = EngineClient(SOCKET_PATH)
    actions = {
        "show": lambda: show(client) or 0,
        "heal": lambda: heal(client, args.dry_run),
        "logs": lambda: tail_all(client),
    }
    sys.exit(actions[args.action]())


if __name__ == "__main__":
    main()
