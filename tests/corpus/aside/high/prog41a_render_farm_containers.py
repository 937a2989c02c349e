#!/usr/bin/env python3
"""Spin up a pool of headless-Chrome render containers for the SEO
pre-renderer (JavaScript-heavy SPA pages -> static HTML snapshots).

Talks to the local Docker Engine API directly over its UNIX socket so the
tool has no dependency on the docker CLI or docker-py.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

DOCKER_SOCK = "/var/run/docker.sock"
IMAGE = "registry.example.com/seo/prerender-chrome:118"
log = logging.getLogger("renderfarm")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock=DOCKER_SOCK):
        self.sock = sock

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock)
        payload = json.dumps(body).encode() if body is not None else None
        conn.request(method, "/v1.43" + path, body=payload,
                     headers={"Content-Type": "application/json"})
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else None

    def create_worker(self, name, port):
        spec = {
            "Image": IMAGE,
            "Env": [f"RENDER_PORT={port}", "RENDER_TIMEOUT_MS=15000"],
            "ExposedPorts": {f"{port}/tcp": {}},
            "Labels": {"app": "seo-prerender"},
            "HostConfig": {
                # Chrome's sandbox needs namespaces the default profile blocks
                "Privileged": True,
                "ShmSize": 2 * 1024 ** 3,
                "PortBindings": {f"{port}/tcp": [{"HostIp": "127.0.0.1",
                                                  "HostPort": str(port)}]},
            },
        }
        created = self.call("POST", f"/containers/create?name={name}", spec)
        self.call("POST", f"/containers/{created['Id']}/start")
        return created["Id"]

    def workers(self):
        flt = json.dumps({"label": ["app=seo-prerender"]})
        return self.call("GET", f"/containers/json?all=1&filters={flt}")

    def remove(self, cid):
        self.call("DELETE", f"/containers/{cid}?force=1")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("action", choices=["up", "down", "ls"])
    ap.add_argument("--count", type=int, default=4)
    ap.add_argument("--base-port", type=int, default=9300)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    engine = Engine()
    try:
        if args.action == "ls":
            for c in engine.workers():
                print(c["Id"][:12], c["Names"][0], c["State"])
        elif args.action == "down":
            for c in engine.workers():
                engine.remove(c["Id"])
                log.info("removed %s", c["Names"][0])
        else:
            for i in range(args.count):
                cid = engine.create_worker(f"prerender-{i}", args.base_port + i)
                log.info("started prerender-%d (%s) on :%d", i, cid[:12], args.base_port + i)
    except (OSError, RuntimeError) as exc:
        log.error("docker engine error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
