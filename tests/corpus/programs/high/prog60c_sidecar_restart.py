#!/usr/bin/env python3
"""Watchdog sidecar for a small single-node edge host.

Talks to the Docker Engine API over the local unix socket (no docker CLI in
this image), finds containers whose healthcheck reports 'unhealthy' and
restarts them, with a per-container backoff.
"""
import argparse
import http.client
import json
import logging
import socket
import time
import urllib.parse

log = logging.getLogger("sidecar")
DOCKER_SOCK = "/var/run/docker.sock"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, path):
        self.path = path

    def call(self, method, url, expect=(200, 204)):
        conn = UnixHTTPConnection(self.path)
        try:
            conn.request(method, url, headers={"Host": "docker"})
            resp = conn.getresponse()
            body = resp.read()
            if resp.status not in expect:
                raise RuntimeError(f"{method} {url}: {resp.status} {body[:200]!r}")
            return json.loads(body) if body else None
        finally:
            conn.close()

    def unhealthy(self, label):
        flt = json.dumps({"health": ["unhealthy"], "label": [label]})
        return self.call("GET", "/v1.41/containers/json?filters=" +
                         urllib.parse.quote(flt))

    def restart(self, cid, grace):
        self.call("POST", f"/v1.41/containers/{cid}/restart?t={grace}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--label", default="edge.watchdog=true")
    ap.add_argument("--interval", type=int, default=30)
    ap.add_argument("--backoff", type=int, default=300)
    ap.add_argument("--grace", type=int, default=10)
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    engine = Engine(DOCKER_SOCK)
    last_restart = {}
    while True:
        try:
            for c in engine.unhealthy(args.label):
                name = c["Names"][0].lstrip("/")
                if time.time() - last_restart.get(c["Id"], 0) < args.backoff:
                    log.info("%s unhealthy, in backoff", name)
                    continue
                log.warning("restarting unhealthy container %s", name)
                engine.restart(c["Id"], args.grace)
                last_restart[c["Id"]] = time.time()
        except (OSError, RuntimeError, ValueError) as exc:
            log.error("engine call failed: %s", exc)
        if args.once:
            break
        time.sleep(args.interval)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
