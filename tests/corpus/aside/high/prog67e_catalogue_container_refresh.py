#!/usr/bin/env python3
"""Roll the discovery-layer (VuFind) container to the latest consortium image.

Pulls the tag named in refresh.json, and if the image digest changed,
replaces the running container with one created from the same settings
(ports, volumes, env).  Talks to the Docker Engine API directly so the
branch servers do not need the docker CLI or SDK installed.
"""

import argparse
import http.client
import json
import logging
import socket
import sys
import time
import urllib.parse
from pathlib import Path

log = logging.getLogger("catalogue_refresh")

ENGINE_SOCKET = "/var/run/docker.sock"
API = "/v1.43"


class EngineConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=300):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    def __init__(self, path=ENGINE_SOCKET):
        self.path = path

    def call(self, method, url, body=None, stream=False):
        conn = EngineConnection(self.path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, API + url, body=json.dumps(body) if body is not None else None,
                     headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        if stream:
            return [json.loads(line) for line in data.splitlines() if line.strip()]
        return json.loads(data) if data else None

    def pull(self, image, tag):
        q = urllib.parse.urlencode({"fromImage": image, "tag": tag})
        events = self.call("POST", f"/images/create?{q}", stream=True)
        for ev in events:
            if "error" in ev:
                raise RuntimeError(ev["error"])
        return self.call("GET", f"/images/{image}:{tag}/json")["Id"]

    def inspect(self, name):
        try:
            return self.call("GET", f"/containers/{name}/json")
        except RuntimeError as exc:
            if " 404 " in str(exc):
                return None
            raise

    def replace(self, name, spec):
        if self.inspect(name):
            self.call("POST", f"/containers/{name}/stop?t=30")
            self.call("DELETE", f"/containers/{name}")
        created = self.call("POST", f"/containers/create?name={name}", body=spec)
        self.call("POST", f"/containers/{created['Id']}/start")
        return created["Id"]


def container_spec(cfg, image_ref):
    ports = {f"{p}/tcp": {} for p in cfg.get("ports", {})}
    bindings = {f"{p}/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(h)}]
                for p, h in cfg.get("ports", {}).items()}
    return {
        "Image": image_ref,
        "Env": [f"{k}={v}" for k, v in cfg.get("env", {}).items()],
        "ExposedPorts": ports,
        "Labels": {"org.consortium.role": "discovery"},
        "HostConfig": {
            "PortBindings": bindings,
            "Binds": cfg.get("volumes", []),
            "RestartPolicy": {"Name": "unless-stopped"},
            "Memory": cfg.get("memory_mb", 2048) * 1024 * 1024,
        },
    }


def wait_healthy(engine, name, seconds=120):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        state = engine.inspect(name)["State"]
        health = state.get("Health", {}).get("Status")
        if state.get("Running") and health in (None, "healthy"):
            return True
        time.sleep(5)
    return False


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-c", "--config", default="refresh.json")
    ap.add_argument("--force", action="store_true", help="recreate even if digest unchanged")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = json.loads(Path(args.config).read_text())
    image, tag, name = cfg["image"], cfg.get("tag", "stable"), cfg.get("name", "vufind")
    engine = Engine(cfg.get("socket", ENGINE_SOCKET))

    try:
        new_id = engine.pull(image, tag)
        current = engine.inspect(name)
        if current and current["Image"] == new_id and not args.force:
            log.info("%s already on %s (%s)", name, tag, new_id[:19])
            return 0
        cid = engine.replace(name, container_spec(cfg, f"{image}:{tag}"))
        log.info("started %s as %s", name, cid[:12])
    except (OSError, RuntimeError) as exc:
        log.error("refresh failed: %s", exc)
        return 1

    if not wait_healthy(engine, name):
        log.error("%s did not become healthy", name)
        return 2
    log.info("discovery layer refreshed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
