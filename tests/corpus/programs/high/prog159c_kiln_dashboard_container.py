#!/usr/bin/env python3
"""Deploy the kiln dashboard container on the studio server.

Talks to the local Docker engine directly over its API socket (the server
has no docker CLI installed) to pull the dashboard image, replace the old
container and report its status.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys

log = logging.getLogger("dash-deploy")

ENGINE_SOCKET = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
API_VERSION = "v1.43"

DASHBOARD = {
    "name": "kiln-dashboard",
    "image": "registry.clayworks.example/studio/kiln-dashboard",
    "tag": os.environ.get("DASH_TAG", "latest"),
    "port": 8088,
    "data_dir": os.path.abspath("dashboard-data"),
}


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
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
        conn = UnixHTTPConnection(self.path)
        headers = {"Content-Type": "application/json"}
        encoded = json.dumps(body) if body is not None else None
        conn.request(method, f"/{API_VERSION}{url}", body=encoded, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status >= 400 and resp.status != 404:
            raise RuntimeError(f"{method} {url}: {resp.status} {raw[:200]!r}")
        if not raw:
            return resp.status, None
        try:
            return resp.status, json.loads(raw)
        except ValueError:
            return resp.status, raw.decode(errors="replace")


def pull(engine, image, tag):
    log.info("pulling %s:%s", image, tag)
    engine.call("POST", f"/images/create?fromImage={image}&tag={tag}")


def remove_existing(engine, name):
    status, _ = engine.call("GET", f"/containers/{name}/json")
    if status == 404:
        return False
    engine.call("POST", f"/containers/{name}/stop?t=10")
    engine.call("DELETE", f"/containers/{name}")
    log.info("removed old container %s", name)
    return True


def create_and_start(engine, cfg):
    os.makedirs(cfg["data_dir"], exist_ok=True)
    spec = {
        "Image": f"{cfg['image']}:{cfg['tag']}",
        "Env": [f"DASH_PORT={cfg['port']}"],
        "ExposedPorts": {f"{cfg['port']}/tcp": {}},
        "HostConfig": {
            "PortBindings": {f"{cfg['port']}/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(cfg["port"])}]},
            "Binds": [f"{cfg['data_dir']}:/data"],
        },
    }
    _, created = engine.call("POST", f"/containers/create?name={cfg['name']}", spec)
    cid = created["Id"]
    engine.call("POST", f"/containers/{cid}/start")
    log.info("started %s (%s)", cfg["name"], cid[:12])
    return cid


def status(engine, name):
    code, info = engine.call("GET", f"/containers/{name}/json")
    if code == 404:
        print(f"{name}: not deployed")
        return
    print(f"{name}: {info['State']['Status']} since {info['State']['StartedAt']}")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=["deploy", "status"])
    ap.add_argument("--tag", default=DASHBOARD["tag"])
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    engine = Engine()
    cfg = dict(DASHBOARD, tag=args.tag)
    try:
        if args.action == "deploy":
            pull(engine, cfg["image"], cfg["tag"])
            remove_existing(engine, cfg["name"])
            create_and_start(engine, cfg)
        status(engine, cfg["name"])
    except (OSError, RuntimeError) as exc:
        log.error("docker engine error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
