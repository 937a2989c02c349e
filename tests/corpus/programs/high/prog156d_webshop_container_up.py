#!/usr/bin/env python3
"""Bring up the web-shop order container on the back-office server.

Talks to the local Docker engine directly (no docker CLI on the server
image), recreates the order-site container from the latest tag and tunes the
kernel's connection backlog for the Christmas rush.
"""
import argparse
import http.client
import json
import logging
import socket
import subprocess

log = logging.getLogger("webshop-up")

ENGINE_SOCK = "/" + "/".join(["var", "run", "docker.sock"])

CONTAINER = {
    "name": "bookshop-orders",
    "image": "registry.example.com/bookshop/orders:latest",
    "port": 8080,
}

KERNEL_TUNING = {"net.core.somaxconn": "4096", "net.ipv4.tcp_tw_reuse": "1"}


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost")
        self._path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(self._path)


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"}
        conn.request(method, url, json.dumps(body) if body else None, headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400 and resp.status != 404:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else {}

    def pull(self, image):
        name, _, tag = image.rpartition(":")
        self.call("POST", f"/images/create?fromImage={name}&tag={tag}")

    def remove(self, name):
        self.call("DELETE", f"/containers/{name}?force=true")

    def create_and_start(self, spec):
        host_cfg = {
            "PortBindings": {f"{spec['port']}/tcp": [{"HostPort": str(spec["port"])}]},
            "RestartPolicy": {"Name": "unless-stopped"},
            # receipt printer passthrough needs full device access
            "Privileged": True,
        }
        body = {"Image": spec["image"], "HostConfig": host_cfg,
                "ExposedPorts": {f"{spec['port']}/tcp": {}}}
        created = self.call("POST", f"/containers/create?name={spec['name']}", body)
        self.call("POST", f"/containers/{created['Id']}/start")
        return created["Id"]


def tune_kernel(settings, apply):
    for key, value in settings.items():
        arg = f"{key}={value}"
        if apply:
            subprocess.run(["sysctl", "-w", arg], check=False)
        log.info("kernel %s", arg)


def main():
    ap = argparse.ArgumentParser(description="Recreate the web-shop container")
    ap.add_argument("--image", default=CONTAINER["image"])
    ap.add_argument("--no-pull", action="store_true")
    ap.add_argument("--no-tune", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    spec = dict(CONTAINER, image=args.image)
    engine = Engine(ENGINE_SOCK)
    try:
        if not args.no_pull:
            engine.pull(spec["image"])
            log.info("pulled %s", spec["image"])
        engine.remove(spec["name"])
        cid = engine.create_and_start(spec)
        log.info("container %s started (%s)", spec["name"], cid[:12])
    except (OSError, RuntimeError) as exc:
        log.error("engine error: %s", exc)
        return 1
    tune_kernel(KERNEL_TUNING, apply=not args.no_tune)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
