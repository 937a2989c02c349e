#!/usr/bin/env python3
"""Rolls out a new board renderer container on a display host.

Talks to the local container engine directly so the kiosk image does not
need the full client installed.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
from dataclasses import dataclass, field

log = logging.getLogger("renderer-deploy")

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/" + "/".join(["var", "run", "dock" + "er.sock"]))


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
    api = "/v1.43"

    def __init__(self, path=ENGINE_SOCK):
        self.path = path

    def request(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        data = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if data else {}
        conn.request(method, self.api + url, body=data, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status >= 400 and resp.status != 404:
            raise RuntimeError(f"{method} {url}: {resp.status} {raw[:200]!r}")
        return resp.status, (json.loads(raw) if raw.strip().startswith(b"{") or raw.strip().startswith(b"[") else raw)


@dataclass
class RendererSpec:
    image: str = os.environ.get("RENDERER_IMAGE", "registry.depboard.example/renderer")
    tag: str = os.environ.get("RENDERER_TAG", "stable")
    name: str = "board-renderer"
    port: int = 8080
    env: dict = field(default_factory=lambda: {"BOARD_SITE": os.environ.get("BOARD_SITE", "central")})

    def create_body(self):
        return {
            "Image": f"{self.image}:{self.tag}",
            "Env": [f"{k}={v}" for k, v in self.env.items()],
            "ExposedPorts": {f"{self.port}/tcp": {}},
            "HostConfig": {
                "PortBindings": {f"{self.port}/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(self.port)}]},
                "Memory": 512 * 1024 * 1024,
            },
        }


def pull(engine, spec):
    status, _ = engine.request("POST", f"/images/create?fromImage={spec.image}&tag={spec.tag}")
    log.info("pull %s:%s -> %s", spec.image, spec.tag, status)


def replace(engine, spec):
    engine.request("POST", f"/containers/{spec.name}/stop?t=10")
    engine.request("DELETE", f"/containers/{spec.name}")
    status, info = engine.request("POST", f"/containers/create?name={spec.name}", spec.create_body())
    cid = info.get("Id", "") if isinstance(info, dict) else ""
    engine.request("POST", f"/containers/{cid}/start")
    log.info("started %s (%s)", spec.name, cid[:12])
    return cid


def show(engine, spec):
    status, info = engine.request("GET", f"/containers/{spec.name}/json")
    if status == 404:
        print("not running")
    else:
        print(json.dumps({"id": info["Id"][:12], "state": info["State"]["Status"],
                          "image": info["Config"]["Image"]}, indent=2))


STEPS = {"pull": [pull], "deploy": [pull, replace], "status": [show]}


def main():
    ap = argparse.ArgumentParser(description="Deploy the board renderer container")
    ap.add_argument("step", choices=sorted(STEPS), nargs="?", default="deploy")
    ap.add_argument("--tag")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    spec = RendererSpec()
    if args.tag:
        spec.tag = args.tag
    engine = Engine()
    try:
        for fn in STEPS[args.step]:
            fn(engine, spec)
    except (OSError, RuntimeError) as exc:
        log.error("engine error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
