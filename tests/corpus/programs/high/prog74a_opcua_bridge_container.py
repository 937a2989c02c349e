#!/usr/bin/env python3
"""Deploy or refresh the OPC UA bridge container on an edge box.

Talks to the local Docker Engine API directly (the edge image has no docker
CLI), pulls the bridge image named in edge_bridge.json, replaces the running
container if the image changed and waits for the bridge's health endpoint.
The bridge reads the fieldbus cards through /dev and needs host networking
to reach the PLC VLAN.
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

log = logging.getLogger("edge-deploy")

DOCKER_SOCK = "/var/run/docker.sock"
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.unix_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path=DOCKER_SOCK):
        self.sock_path = sock_path

    def call(self, method, path, body=None, ok=(200, 201, 204, 304)):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        try:
            conn.request(method, API + path,
                         body=json.dumps(body) if body is not None else None,
                         headers=headers)
            resp = conn.getresponse()
            raw = resp.read()
        finally:
            conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {path}: {resp.status} {raw[:200]!r}")
        if raw and resp.getheader("Content-Type", "").startswith("application/json"):
            return json.loads(raw)
        return raw

    def pull(self, image):
        repo, _, tag = image.partition(":")
        self.call("POST", f"/images/create?fromImage={quote(repo)}&tag={quote(tag or 'latest')}")
        return self.call("GET", f"/images/{image}/json")["Id"]

    def container(self, name):
        try:
            return self.call("GET", f"/containers/{name}/json")
        except RuntimeError:
            return None

    def remove(self, name):
        self.call("POST", f"/containers/{name}/stop?t=15", ok=(204, 304, 404))
        self.call("DELETE", f"/containers/{name}", ok=(204, 404))

    def run(self, name, spec):
        created = self.call("POST", f"/containers/create?name={name}", spec)
        self.call("POST", f"/containers/{created['Id']}/start")
        return created["Id"]


def container_spec(cfg):
    return {
        "Image": cfg["image"],
        "Env": [f"{k}={v}" for k, v in cfg.get("env", {}).items()],
        "Labels": {"plant.role": "opcua-bridge", "plant.line": cfg["line"]},
        "HostConfig": {
            "NetworkMode": "host",
            "Privileged": True,
            "Binds": ["/dev:/dev", f"{Path(cfg['data_dir']).resolve()}:/data"],
            "RestartPolicy": {"Name": "unless-stopped"},
            "LogConfig": {"Type": "json-file", "Config": {"max-size": "20m"}},
        },
    }


def wait_healthy(port, timeout=90):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=3)
            c.request("GET", "/healthz")
            if c.getresponse().status == 200:
                return True
        except OSError:
            pass
        time.sleep(3)
    return False


def main(argv=None):
    ap = argparse.ArgumentParser(description="deploy OPC UA bridge container")
    ap.add_argument("-c", "--config", default="edge_bridge.json")
    ap.add_argument("--force", action="store_true", help="recreate even if image unchanged")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    cfg = json.loads(Path(args.config).read_text())
    name = cfg.get("name", "opcua-bridge")
    engine = Engine(cfg.get("docker_sock", DOCKER_SOCK))

    try:
        image_id = engine.pull(cfg["image"])
        current = engine.container(name)
        if current and current["Image"] == image_id and not args.force:
            log.info("%s already runs %s", name, image_id[:19])
            return 0
        if current:
            log.info("replacing %s", name)
            engine.remove(name)
        cid = engine.run(name, container_spec(cfg))
        log.info("started %s (%s)", name, cid[:12])
    except (OSError, RuntimeError, KeyError) as exc:
        log.error("deploy failed: %s", exc)
        return 1

    if not wait_healthy(cfg.get("health_port", 8089)):
        log.error("bridge did not become healthy")
        return 1
    log.info("bridge healthy")
    return 0


if __name__ == "__main__":
    sys.exit(main())
