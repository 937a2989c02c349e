#!/usr/bin/env python3
"""Run the soap/candle batch formula calculator in its pinned container.

The calculator (lye amounts, superfat, water ratio, wax/fragrance load,
batch costing) ships as a container image so every workshop gets the same
saponification tables.  This wrapper talks to the local Docker engine API
directly (no docker CLI on the shop PCs), mounts the recipe folder read-only
and collects the calculator's JSON output per recipe.
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

log = logging.getLogger("calcbox")

ENGINE_SOCK = os.environ.get("CALCBOX_ENGINE", "/var/run/docker.sock")
IMAGE = os.environ.get("CALCBOX_IMAGE", "ghcr.io/example-workshop/batchcalc:2.4")


class EngineConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    api = "/v1.43"

    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None, expect=(200, 201, 204)):
        conn = EngineConnection(self.sock_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, self.api + path, json.dumps(body) if body is not None else None, headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status not in expect:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return data

    def ensure_image(self, image):
        """The image is loaded from the workshop USB stick; never pulled here."""
        try:
            info = json.loads(self.call("GET", f"/images/{image}/json"))
        except RuntimeError:
            raise RuntimeError(f"image {image} not loaded; run the USB installer first")
        log.info("using %s (%s)", image, info.get("Id", "?")[:19])

    def run_once(self, image, cmd, recipes_dir, timeout=120):
        spec = {
            "Image": image,
            "Cmd": cmd,
            "User": f"{os.getuid()}:{os.getgid()}",
            "NetworkDisabled": True,
            "HostConfig": {
                "Binds": [f"{recipes_dir}:/recipes:ro"],
                "Memory": 256 * 1024 * 1024,
                "ReadonlyRootfs": True,
            },
        }
        cid = json.loads(self.call("POST", "/containers/create", spec))["Id"]
        try:
            self.call("POST", f"/containers/{cid}/start")
            deadline = time.monotonic() + timeout
            while True:
                state = json.loads(self.call("GET", f"/containers/{cid}/json"))["State"]
                if not state["Running"]:
                    break
                if time.monotonic() > deadline:
                    self.call("POST", f"/containers/{cid}/kill")
                    raise TimeoutError("calculator timed out")
                time.sleep(0.5)
            raw = self.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=0")
            return state["ExitCode"], demux(raw)
        finally:
            self.call("DELETE", f"/containers/{cid}?force=1")


def demux(raw):
    """Strip the 8-byte stream headers the engine puts in front of log frames."""
    out, i = bytearray(), 0
    while i + 8 <= len(raw):
        size = int.from_bytes(raw[i + 4:i + 8], "big")
        out += raw[i + 8:i + 8 + size]
        i += 8 + size
    return out.decode("utf-8", "replace")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("recipes", type=Path, help="folder with recipe JSON files")
    ap.add_argument("--superfat", type=float, default=5.0)
    ap.add_argument("--lye", choices=["naoh", "koh"], default="naoh")
    ap.add_argument("-o", "--out", type=Path, default=Path("calc_results"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    recipes_dir = args.recipes.resolve()
    files = sorted(recipes_dir.glob("*.json"))
    if not files:
        log.error("no recipes in %s", recipes_dir)
        return 1
    engine = Engine(ENGINE_SOCK)
    try:
        engine.ensure_image(IMAGE)
    except (OSError, RuntimeError) as exc:
        log.error("container engine unavailable: %s", exc)
        return 1

    args.out.mkdir(exist_ok=True)
    failures = 0
    for f in files:
        cmd = ["batchcalc", "--superfat", str(args.superfat), "--lye", args.lye,
               "--json", f"/recipes/{f.name}"]
        try:
            code, output = engine.run_once(IMAGE, cmd, str(recipes_dir))
        except (OSError, RuntimeError, TimeoutError) as exc:
            log.warning("%s: %s", f.name, exc)
            failures += 1
            continue
        if code != 0:
            log.warning("%s: calculator exit %s", f.name, code)
            failures += 1
            continue
        (args.out / f.name).write_text(output, encoding="utf-8")
        log.info("%s: ok", f.name)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
