#!/usr/bin/env python3
"""Restart the booking web container when its health check goes red.

Talks to the local Docker Engine API directly so it can run on the venue
server without the docker CLI installed.
"""
import argparse
import http.client
import json
import logging
import socket
import time
import urllib.request

log = logging.getLogger("booking-watchdog")

ENGINE = {
    "socket": "/var/run/docker.sock",
    "api": "/v1.43",
}

HEALTH_URL = "http://127.0.0.1:8080/healthz"


class EngineConnection(http.client.HTTPConnection):
    def __init__(self, socket_path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = socket_path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class EngineClient:
    def __init__(self, socket_path=ENGINE["socket"], api=ENGINE["api"]):
        self.socket_path = socket_path
        self.api = api

    def _call(self, method, path, body=None):
        conn = EngineConnection(self.socket_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        encoded_body = json.dumps(body) if body is not None else None
        conn.request(method, self.api + path, body=encoded_body, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError("engine %s %s -> %s %s" % (method, path, resp.status, data[:200]))
        return json.loads(data) if data else None

    def find(self, name):
        filters = json.dumps({"name": [name]})
        query = "/containers/json?all=1&filters=" + urllib.request.quote(filters)
        found = self._call("GET", query) or []
        return found[0] if found else None

    def restart(self, container_id, wait=10):
        self._call("POST", "/containers/%s/restart?t=%d" % (container_id, wait))


def healthy(url, timeout=5):
    try:
        with urllib.request.urlopen(url, timeout=timeout) as resp:
            return resp.status == 200
    except OSError:
        return False


def watch(client, name, url, interval, failures_allowed):
    failures = 0
    while True:
        if healthy(url):
            failures = 0
        else:
            failures += 1
            log.warning("health check failed (%d/%d)", failures, failures_allowed)
        if failures >= failures_allowed:
            info = client.find(name)
            if info is None:
                log.error("container %s not found", name)
            else:
                log.info("restarting %s (%s)", name, info["Id"][:12])
                client.restart(info["Id"])
            failures = 0
            time.sleep(interval * 3)
        time.sleep(interval)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--name", default="booking-web")
    parser.add_argument("--health-url", default=HEALTH_URL)
    parser.add_argument("--interval", type=int, default=20)
    parser.add_argument("--failures", type=int, default=3)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    watch(EngineClient(), args.name, args.health_url, args.interval, args.failures)


if __name__ == "__main__":
    main()
