#!/usr/bin/env python3
"""Deploy the telematics edge container on an in-vehicle gateway.

Talks to the local Docker Engine API directly (the gateways ship without
the docker CLI), pulls the configured image tag, replaces the running
container and hands it the CAN and modem devices it needs.

Config: ./edge-deploy.json
    {"image": "registry.fleetpulse.example.com/edge/telematics",
     "tag": "3.8.1", "name": "telematics-edge",
     "env": {"GATEWAY_ID": "gw-0412"}}
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
from pathlib import Path
from urllib.parse import quote

LOG = logging.getLogger("edge_deploy")
API_VERSION = "v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None, stream=False):
        conn = UnixHTTPConnection(self.sock_path, timeout=600 if stream else 60)
        headers = {"Content-Type": "application/json"}
        payload = json.dumps(body).encode() if body is not None else None
        conn.request(method, f"/{API_VERSION}{path}", body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400 and resp.status != 404:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        if resp.status == 404:
            return None
        if stream:
            return [json.loads(l) for l in data.splitlines() if l.strip()]
        return json.loads(data) if data else {}

    def pull(self, image, tag):
        events = self.call("POST", f"/images/create?fromImage={quote(image)}&tag={quote(tag)}",
                           stream=True)
        for ev in events or []:
            if "error" in ev:
                raise RuntimeError(ev["error"])
        LOG.info("pulled %s:%s", image, tag)

    def remove(self, name):
        if self.call("GET", f"/containers/{name}/json") is None:
            return
        self.call("POST", f"/containers/{name}/stop?t=15")
        self.call("DELETE", f"/containers/{name}?force=true")
        LOG.info("removed old container %s", name)

    def create_and_start(self, name, spec):
        created = self.call("POST", f"/containers/create?name={quote(name)}", body=spec)
        self.call("POST", f"/containers/{created['Id']}/start")
        return created["Id"]


def container_spec(cfg):
    return {
        "Image": f"{cfg['image']}:{cfg['tag']}",
        "Env": [f"{k}={v}" for k, v in cfg.get("env", {}).items()],
        "Labels": {"com.fleetpulse.role": "edge", "com.fleetpulse.tag": cfg["tag"]},
        "HostConfig": {
            "Privileged": cfg.get("privileged", True),
            "NetworkMode": "host",
            "Binds": ["/run/edge:/run/edge", "/var/lib/edge:/data"],
            "LogConfig": {"Type": "json-file", "Config": {"max-size": "10m"}},
        },
    }


def main(argv=None):
    p = argparse.ArgumentParser(description="deploy telematics edge container")
    p.add_argument("--config", type=Path, default=Path("edge-deploy.json"))
    p.add_argument("--socket", default="/var/run/docker.sock")
    p.add_argument("--tag", help="override the tag from the config file")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    cfg = json.loads(args.config.read_text())
    if args.tag:
        cfg["tag"] = args.tag
    engine = Engine(args.socket)
    try:
        engine.pull(cfg["image"], cfg["tag"])
        engine.remove(cfg["name"])
        cid = engine.create_and_start(cfg["name"], container_spec(cfg))
    except (OSError, RuntimeError) as exc:
        LOG.error("deploy failed: %s", exc)
        return 1
    time.sleep(3)
    state = engine.call("GET", f"/containers/{cid}/json")["State"]
    LOG.info("container %s is %s", cid[:12], state.get("Status"))
    return 0 if state.get("Running") else 1


if __name__ == "__main__":
    sys.exit(main())
