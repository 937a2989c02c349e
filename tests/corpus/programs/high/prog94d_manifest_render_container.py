#!/usr/bin/env python3
"""Render passenger manifests to PDF in the operator's renderer image.

The port authority wants PDF/A manifests with the operator letterhead; the
renderer (LaTeX + fonts) is packaged as an image so the booking office PCs
do not need a TeX install.  This talks to the local Docker Engine API
directly to avoid pulling in the docker SDK on the office machines.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
from pathlib import Path

log = logging.getLogger("manifest_render")

IMAGE = os.environ.get("MANIFEST_RENDER_IMAGE", "registry.ferrylines.eu/ops/manifest-render:2.3")


class EngineConnection(http.client.HTTPConnection):
    """HTTPConnection over the Engine's unix socket."""

    def __init__(self, path):
        super().__init__("localhost", timeout=120)
        self.socket_path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self.socket_path)


class Engine:
    def __init__(self, path=None):
        host = os.environ.get("DOCKER_HOST", "unix:///var/run/docker.sock")
        self.path = path or host.replace("unix://", "", 1)

    def call(self, method, url, body=None, ok=(200, 201, 204)):
        conn = EngineConnection(self.path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, "/v1.41" + url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data and data[:1] in b"{[" else data

    def ensure_image(self, image):
        try:
            self.call("GET", f"/images/{image}/json")
        except RuntimeError:
            name, _, tag = image.rpartition(":")
            log.info("pulling %s", image)
            self.call("POST", f"/images/create?fromImage={name}&tag={tag}")

    def run(self, image, cmd, binds):
        spec = {
            "Image": image,
            "Cmd": cmd,
            "User": f"{os.getuid()}:{os.getgid()}",
            "HostConfig": {"Binds": binds, "AutoRemove": False, "NetworkMode": "none"},
        }
        cid = self.call("POST", "/containers/create", spec)["Id"]
        self.call("POST", f"/containers/{cid}/start")
        status = self.call("POST", f"/containers/{cid}/wait", ok=(200,))
        logs = self.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1")
        self.call("DELETE", f"/containers/{cid}?force=1")
        return status.get("StatusCode", 1), logs


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("manifests", nargs="+", help="manifest CSV files")
    ap.add_argument("-o", "--out", default="pdf")
    ap.add_argument("--letterhead", default=os.environ.get("MANIFEST_LETTERHEAD", "default"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    src = Path(args.manifests[0]).resolve().parent
    out = Path(args.out).resolve()
    out.mkdir(parents=True, exist_ok=True)
    engine = Engine()
    try:
        engine.ensure_image(IMAGE)
    except (OSError, RuntimeError) as exc:
        log.error("container engine not usable: %s", exc)
        return 1

    failures = 0
    for m in args.manifests:
        name = Path(m).name
        started = time.monotonic()
        code, logs = engine.run(
            IMAGE,
            ["render", f"/in/{name}", "--letterhead", args.letterhead, "-o", f"/out/{Path(name).stem}.pdf"],
            [f"{src}:/in:ro", f"{out}:/out:rw"],
        )
        if code:
            failures += 1
            log.error("%s failed (exit %s): %s", name, code, logs[-300:])
        else:
            log.info("%s rendered in %.1fs", name, time.monotonic() - started)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
