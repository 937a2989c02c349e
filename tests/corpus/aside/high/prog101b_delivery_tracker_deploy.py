#!/usr/bin/env python3
"""Deploy / refresh the van tracking bridge on the depot server.

The bridge (our tracker-bridge image) reads the GPS units in the delivery
vans and feeds ETAs to the delivery scheduler. This script pulls the image
tag named in tracker.json, replaces the running container and waits for
its health check, talking to the local Docker engine directly so it works
on the depot box, which has no docker CLI installed.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time

log = logging.getLogger("tracker-deploy")

ENGINE_SOCKET = os.environ.get("ENGINE_SOCKET", "/var/run/docker.sock")
CONTAINER = "tracker-bridge"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    def __init__(self, path=ENGINE_SOCKET, api="v1.43"):
        self.path = path
        self.api = api

    def call(self, method, url, body=None, expect=(200, 201, 204, 304)):
        conn = UnixHTTPConnection(self.path)
        headers = {"Content-Type": "application/json"}
        payload = json.dumps(body) if body is not None else None
        try:
            conn.request(method, f"/{self.api}{url}", body=payload, headers=headers)
            resp = conn.getresponse()
            raw = resp.read()
        finally:
            conn.close()
        if resp.status == 404:
            return None
        if resp.status not in expect:
            raise RuntimeError(f"{method} {url}: {resp.status} {raw[:200]!r}")
        text = raw.decode() if raw else ""
        lines = [l for l in text.splitlines() if l.strip()]
        if len(lines) > 1:  # streamed progress from /images/create
            return [json.loads(l) for l in lines]
        return json.loads(text) if text else {}

    def pull(self, image, tag):
        log.info("pulling %s:%s", image, tag)
        events = self.call("POST", f"/images/create?fromImage={image}&tag={tag}") or []
        errors = [e["error"] for e in events if isinstance(e, dict) and "error" in e]
        if errors:
            raise RuntimeError(errors[-1])

    def remove(self, name):
        if self.call("GET", f"/containers/{name}/json") is None:
            return
        log.info("stopping old %s", name)
        self.call("POST", f"/containers/{name}/stop?t=20")
        self.call("DELETE", f"/containers/{name}?v=1")

    def create_and_start(self, name, spec):
        created = self.call("POST", f"/containers/create?name={name}", spec)
        self.call("POST", f"/containers/{created['Id']}/start")
        return created["Id"]

    def health(self, name):
        info = self.call("GET", f"/containers/{name}/json") or {}
        return info.get("State", {}).get("Health", {}).get("Status", "none")


def container_spec(cfg):
    return {
        "Image": f"{cfg['image']}:{cfg['tag']}",
        "Env": [f"{k}={v}" for k, v in cfg.get("env", {}).items()],
        "Healthcheck": {"Test": ["CMD", "/app/healthcheck"], "Interval": 10_000_000_000},
        "HostConfig": {
            "RestartPolicy": {"Name": "on-failure", "MaximumRetryCount": 5},
            "PortBindings": {"8088/tcp": [{"HostPort": str(cfg.get("port", 8088))}]},
            "Devices": [{"PathOnHost": d, "PathInContainer": d, "CgroupPermissions": "rwm"}
                        for d in cfg.get("devices", [])],
        },
        "ExposedPorts": {"8088/tcp": {}},
    }


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", default="tracker.json")
    ap.add_argument("--wait", type=int, default=90, help="seconds to wait for healthy")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    with open(args.config) as fh:
        cfg = json.load(fh)
    engine = Engine()
    try:
        engine.pull(cfg["image"], cfg["tag"])
        engine.remove(CONTAINER)
        cid = engine.create_and_start(CONTAINER, container_spec(cfg))
    except (OSError, RuntimeError, KeyError) as exc:
        log.error("deploy failed: %s", exc)
        return 1
    log.info("started %s (%s)", CONTAINER, cid[:12])
    deadline = time.time() + args.wait
    status = "starting"
    while time.time() < deadline:
        status = engine.health(CONTAINER)
        if status == "healthy":
            log.info("tracker bridge healthy")
            return 0
        time.sleep(3)
    log.error("tracker bridge not healthy after %ds (last: %s)", args.wait, status)
    return 2


if __name__ == "__main__":
    sys.exit(main())
