#!/usr/bin/env python3
"""Render instructor diaries to printable PDFs inside the diary-render image.

The office PCs don't have LaTeX installed, so the weekly diary sheets are
typeset by the `learnwell/diary-render` image. This script talks to the local
Docker Engine directly (no docker CLI on the office PCs), mounts ./diaries
into a throwaway container, waits for it and collects the PDFs.
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
from urllib.parse import quote, urlencode

log = logging.getLogger("diary_render")

ENGINE_SOCKET = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
API_VERSION = "v1.43"
IMAGE = "learnwell/diary-render:2.3"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class Engine:
    def __init__(self, sock_path=ENGINE_SOCKET):
        self.sock_path = sock_path

    def call(self, method, path, body=None, query=None, expect=(200, 201, 204)):
        url = f"/{API_VERSION}{path}"
        if query:
            url += "?" + urlencode(query)
        conn = UnixHTTPConnection(self.sock_path)
        try:
            payload = json.dumps(body) if body is not None else None
            headers = {"Content-Type": "application/json"} if payload else {}
            conn.request(method, url, body=payload, headers=headers)
            resp = conn.getresponse()
            data = resp.read()
        finally:
            conn.close()
        if resp.status not in expect:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:300]!r}")
        if data and resp.getheader("Content-Type", "").startswith("application/json"):
            return json.loads(data)
        return data

    def ensure_image(self, image):
        try:
            self.call("GET", f"/images/{quote(image, safe='')}/json")
        except RuntimeError:
            name, _, tag = image.partition(":")
            log.info("pulling %s", image)
            self.call("POST", "/images/create", query={"fromImage": name, "tag": tag or "latest"})

    def run_once(self, image, cmd, binds, env):
        spec = {
            "Image": image,
            "Cmd": cmd,
            "Env": [f"{k}={v}" for k, v in env.items()],
            "User": f"{os.getuid()}:{os.getgid()}",
            "HostConfig": {"Binds": binds, "AutoRemove": False, "NetworkMode": "none"},
        }
        created = self.call("POST", "/containers/create", body=spec,
                            query={"name": f"diary-render-{int(time.time())}"})
        cid = created["Id"]
        try:
            self.call("POST", f"/containers/{cid}/start")
            result = self.call("POST", f"/containers/{cid}/wait")
            logs = self.call("GET", f"/containers/{cid}/logs", query={"stdout": 1, "stderr": 1})
            return result.get("StatusCode", -1), logs
        finally:
            self.call("DELETE", f"/containers/{cid}", query={"force": 1}, expect=(204, 404))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--diaries", type=Path, default=Path("diaries"), help="folder of .ics files")
    ap.add_argument("--out", type=Path, default=Path("diary_pdfs"))
    ap.add_argument("--week", help="ISO week to render, e.g. 2024-W19 (default: next week)")
    ap.add_argument("--image", default=IMAGE)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    src = args.diaries.resolve()
    if not any(src.glob("*.ics")):
        log.error("no .ics diaries in %s", src)
        return 1
    out = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)

    engine = Engine()
    try:
        engine.call("GET", "/_ping")
    except (OSError, RuntimeError) as exc:
        log.error("docker engine not reachable at %s: %s", ENGINE_SOCKET, exc)
        return 2

    engine.ensure_image(args.image)
    env = {"RENDER_WEEK": args.week or "next", "PAPER": "A4"}
    code, logs = engine.run_once(
        args.image,
        ["render", "/in", "/out"],
        [f"{src}:/in:ro", f"{out}:/out:rw"],
        env,
    )
    if code != 0:
        log.error("render failed (exit %s)\n%s", code, logs[-2000:].decode(errors="replace"))
        return 1
    pdfs = sorted(out.glob("*.pdf"))
    log.info("rendered %d diary sheets into %s", len(pdfs), out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
