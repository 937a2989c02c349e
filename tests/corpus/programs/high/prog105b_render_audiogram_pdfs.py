#!/usr/bin/env python3
"""Batch-render audiogram PDFs using the clinic's renderer container.

The renderer (LaTeX + our audiogram chart templates) lives in a container
image so the booth PCs do not need a TeX install.  This script takes a
folder of exported audiogram JSON files, runs the renderer over them and
leaves the PDFs next to the input.  Talks to the local container engine
directly rather than shelling out to the CLI, so it also works on the
locked-down booth image where the docker client is not installed.
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
from urllib.parse import quote

LOG = logging.getLogger("render_audiograms")

ENGINE_SOCKET = os.environ.get("CONTAINER_ENGINE_SOCKET", "/var/run/docker.sock")
RENDER_IMAGE = os.environ.get("AUDIOGRAM_RENDER_IMAGE", "registry.clinic.lan/audiology/audiogram-render:1.3")


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
    def __init__(self, sock_path=ENGINE_SOCKET):
        self.sock_path = sock_path

    def call(self, method, path, body=None, expect=(200, 201, 204)):
        conn = UnixHTTPConnection(self.sock_path, timeout=600)
        try:
            payload = json.dumps(body).encode() if body is not None else None
            headers = {"Content-Type": "application/json"} if payload else {}
            conn.request(method, "/v1.43" + path, payload, headers)
            resp = conn.getresponse()
            data = resp.read()
            if resp.status not in expect:
                raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
            return json.loads(data) if data and resp.getheader("Content-Type", "").startswith("application/json") else data
        finally:
            conn.close()

    def ensure_image(self, image):
        try:
            self.call("GET", f"/images/{quote(image, safe='')}/json")
        except RuntimeError:
            LOG.info("pulling %s", image)
            name, _, tag = image.rpartition(":")
            self.call("POST", f"/images/create?fromImage={quote(name, safe='')}&tag={tag}")

    def run_once(self, image, cmd, workdir, env=None):
        spec = {
            "Image": image,
            "Cmd": cmd,
            "Env": [f"{k}={v}" for k, v in (env or {}).items()],
            "WorkingDir": "/data",
            "HostConfig": {
                "Binds": [f"{workdir}:/data"],
                "NetworkMode": "none",
                "AutoRemove": False,
            },
        }
        created = self.call("POST", "/containers/create", spec)
        cid = created["Id"]
        try:
            self.call("POST", f"/containers/{cid}/start")
            result = self.call("POST", f"/containers/{cid}/wait")
            logs = self.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1")
            return result.get("StatusCode", 1), logs
        finally:
            self.call("DELETE", f"/containers/{cid}?force=1", expect=(204, 404))


def pending_exports(folder, force=False):
    for src in sorted(folder.glob("*.json")):
        pdf = src.with_suffix(".pdf")
        if force or not pdf.exists() or pdf.stat().st_mtime < src.stat().st_mtime:
            yield src


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folder", type=Path, help="folder with exported audiogram JSON")
    ap.add_argument("--template", default="nhs-a4", choices=["nhs-a4", "ent-letter", "paeds"])
    ap.add_argument("--force", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    folder = args.folder.resolve()
    todo = [p.name for p in pending_exports(folder, args.force)]
    if not todo:
        LOG.info("nothing to render in %s", folder)
        return 0

    engine = Engine()
    try:
        engine.ensure_image(RENDER_IMAGE)
    except (OSError, RuntimeError) as exc:
        LOG.error("container engine unavailable at %s: %s", ENGINE_SOCKET, exc)
        return 1

    started = time.monotonic()
    code, logs = engine.run_once(
        RENDER_IMAGE,
        ["render-audiogram", "--template", args.template, *todo],
        str(folder),
        env={"TZ": "Europe/London"},
    )
    text = logs.decode("utf-8", "replace") if isinstance(logs, bytes) else str(logs)
    for line in text.splitlines():
        LOG.debug("renderer: %s", line)
    if code != 0:
        LOG.error("renderer exited with %d:\n%s", code, text[-2000:])
        return 1
    LOG.info("rendered %d audiograms in %.1fs", len(todo), time.monotonic() - started)
    return 0


if __name__ == "__main__":
    sys.exit(main())
