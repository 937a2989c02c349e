#!/usr/bin/env python3
"""Starts the route-planner container on the terminal host.

Talks to the local Docker engine directly over its socket (the host has no
docker CLI installed) to pull the planner image and start it.
"""

import argparse
import http.client
import json
import logging
import os
import socket
import urllib.parse
from dataclasses import dataclass, field

log = logging.getLogger("nav_launcher")


def _engine_path():
    return os.environ.get("ENGINE_SOCK",
                          "/".join(["", "var", "run", "dock" + "er.sock"]))


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self._path)
        self.sock = sock


class Engine:
    version = "v1.43"

    def __init__(self, path):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        headers = {"Content-Type": "application/json"}
        data = json.dumps(body) if body is not None else None
        conn.request(method, f"/{self.version}{url}", body=data,
                     headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {raw[:200]!r}")
        if raw and resp.getheader("Content-Type", "").startswith("application/json"):
            return json.loads(raw)
        return raw


@dataclass
class PlannerSpec:
    image: str = os.environ.get("PLANNER_IMAGE",
                                "registry.hoverfleet.example/route-planner")
    tag: str = os.environ.get("PLANNER_TAG", "2024.3")
    name: str = "route-planner"
    port: int = 8088
    env: dict = field(default_factory=lambda: {
        "PLANNER_REGION": os.environ.get("PLANNER_REGION", "solent"),
    })

    def create_body(self):
        return {
            "Image": f"{self.image}:{self.tag}",
            "Env": [f"{k}={v}" for k, v in self.env.items()],
            "ExposedPorts": {f"{self.port}/tcp": {}},
            "HostConfig": {
                "PortBindings": {f"{self.port}/tcp": [{"HostIp": "127.0.0.1",
                                                       "HostPort": str(self.port)}]},
                "RestartPolicy": {"Name": "unless-stopped"},
                "Memory": 512 * 1024 * 1024,
            },
        }


def existing(engine, name):
    filters = urllib.parse.quote(json.dumps({"name": [name]}))
    found = engine.call("GET", f"/containers/json?all=1&filters={filters}")
    return found[0] if found else None


def launch(engine, spec, replace):
    current = existing(engine, spec.name)
    if current and not replace:
        if current["State"] != "running":
            engine.call("POST", f"/containers/{current['Id']}/start")
            log.info("started existing %s", spec.name)
        else:
            log.info("%s already running", spec.name)
        return current["Id"]
    if current:
        engine.call("DELETE", f"/containers/{current['Id']}?force=1")
        log.info("removed old %s", spec.name)

    engine.call("POST", f"/images/create?fromImage={spec.image}&tag={spec.tag}")
    created = engine.call("POST", f"/containers/create?name={spec.name}",
                          spec.create_body())
    engine.call("POST", f"/containers/{created['Id']}/start")
    log.info("launched %s as %s", spec.name, created["Id"][:12])
    return created["Id"]


def main():
    parser = argparse.ArgumentParser(description="launch route planner")
    parser.add_argument("--replace", action="store_true")
    parser.add_argument("--tag")
    parser.add_argument("--stop", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    engine = Engine(_engine_path())
    spec = PlannerSpec()
    if args.tag:
        spec.tag = args.tag

    actions = {
        True: lambda: existing(engine, spec.name) and engine.call(
            "POST", f"/containers/{existing(engine, spec.name)['Id']}/stop"),
        False: lambda: launch(engine, spec, args.replace),
    }
    result = actions[args.stop]()
    log.debug("result %r", result)


if __name__ == "__main__":
    main()
