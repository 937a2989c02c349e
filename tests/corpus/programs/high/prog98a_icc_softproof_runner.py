#!/usr/bin/env python3
"""Run the lab's soft-proofing toolchain in a container.

The print lab ships its ICC profiles and conversion tools (ArgyllCMS +
their own profile builder) as a container image.  This wrapper talks to the
local Docker engine directly, mounts the current order batch, runs the
conversion and collects the converted TIFFs and the colorimeter readings.
The colorimeter is a USB device, so the container gets device access.
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

log = logging.getLogger("softproof")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
IMAGE = "registry.printlab.example.com/softproof:2024.3"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None, expect=(200, 201, 204)):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, "/v1.43" + path,
                     body=json.dumps(body) if body is not None else None, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status not in expect:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:300]!r}")
        return json.loads(data) if data and data[:1] in (b"{", b"[") else data

    def ensure_image(self, image):
        try:
            self.call("GET", f"/images/{image}/json")
        except RuntimeError:
            name, _, tag = image.rpartition(":")
            log.info("pulling %s", image)
            self.call("POST", f"/images/create?fromImage={name}&tag={tag}")

    def run(self, image, cmd, binds, env):
        spec = {
            "Image": image,
            "Cmd": cmd,
            "Env": [f"{k}={v}" for k, v in env.items()],
            "WorkingDir": "/batch",
            "HostConfig": {
                "Binds": binds,
                "Privileged": True,
                "AutoRemove": False,
            },
        }
        cid = self.call("POST", "/containers/create", spec)["Id"]
        self.call("POST", f"/containers/{cid}/start")
        return cid

    def wait(self, cid, poll=2.0, limit=1800):
        start = time.time()
        while time.time() - start < limit:
            info = self.call("GET", f"/containers/{cid}/json")
            if not info["State"]["Running"]:
                return info["State"]["ExitCode"]
            time.sleep(poll)
        raise TimeoutError(f"container {cid[:12]} still running after {limit}s")

    def logs(self, cid):
        raw = self.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1")
        return raw.decode("utf-8", "replace") if isinstance(raw, bytes) else str(raw)

    def remove(self, cid):
        self.call("DELETE", f"/containers/{cid}?force=1")


def main(argv=None):
    ap = argparse.ArgumentParser(description="Soft-proof an order batch with the lab toolchain")
    ap.add_argument("batch", type=Path, help="folder with the batch TIFFs")
    ap.add_argument("--paper", default="lustre", choices=["lustre", "glossy", "metallic", "matte"])
    ap.add_argument("--intent", default="perceptual", choices=["perceptual", "relative"])
    ap.add_argument("--measure", action="store_true", help="also read the colorimeter")
    ap.add_argument("--keep", action="store_true", help="keep the container for debugging")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    batch = args.batch.resolve()
    if not batch.is_dir():
        log.error("%s is not a folder", batch)
        return 2
    engine = Engine(DOCKER_SOCK)
    try:
        engine.ensure_image(IMAGE)
        cmd = ["softproof", "--paper", args.paper, "--intent", args.intent,
               "--in", "/batch", "--out", "/batch/proofed"]
        if args.measure:
            cmd.append("--measure")
        cid = engine.run(IMAGE, cmd, [f"{batch}:/batch"], {"LAB_PAPER": args.paper})
        log.info("started %s", cid[:12])
        code = engine.wait(cid)
        print(engine.logs(cid))
        if not args.keep:
            engine.remove(cid)
    except (OSError, RuntimeError, TimeoutError) as exc:
        log.error("soft-proof failed: %s", exc)
        return 1
    log.info("finished with exit code %s; output in %s/proofed", code, batch)
    return code


if __name__ == "__main__":
    sys.exit(main())
