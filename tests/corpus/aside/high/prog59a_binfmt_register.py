#!/usr/bin/env python3
"""Register QEMU binfmt_misc handlers so this CI runner can build and run
arm64 / riscv64 images.  Talks to the Docker Engine API directly over the
unix socket because the runner image ships without the docker CLI.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
from pathlib import Path

log = logging.getLogger("binfmt")
DOCKER_SOCK = "/var/run/docker.sock"
IMAGE = "docker.io/tonistiigi/binfmt"
BINFMT_DIR = Path("/proc/sys/fs/binfmt_misc")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=120):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self.unix_path)


class Engine:
    def __init__(self, sock_path=DOCKER_SOCK):
        self.sock_path = sock_path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data and data[:1] in b"{[" else data

    def pull(self, image, tag):
        self.call("POST", f"/images/create?fromImage={image}&tag={tag}")

    def run_privileged(self, image, args):
        spec = {
            "Image": image,
            "Cmd": args,
            "HostConfig": {"Privileged": True, "AutoRemove": False},
        }
        cid = self.call("POST", "/containers/create", spec)["Id"]
        self.call("POST", f"/containers/{cid}/start")
        status = self.call("POST", f"/containers/{cid}/wait")
        logs = self.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1")
        self.call("DELETE", f"/containers/{cid}?force=1")
        return status.get("StatusCode", -1), logs


def registered_handlers():
    if not BINFMT_DIR.is_dir():
        return set()
    return {p.name for p in BINFMT_DIR.iterdir() if p.name.startswith("qemu-")}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--arch", action="append", default=[], help="e.g. arm64, riscv64")
    ap.add_argument("--tag", default="qemu-v8.1.5")
    ap.add_argument("--uninstall", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    arches = args.arch or ["arm64", "riscv64"]

    before = registered_handlers()
    log.info("handlers present: %s", ", ".join(sorted(before)) or "none")
    engine = Engine()
    try:
        engine.pull(IMAGE, args.tag)
        flag = "--uninstall" if args.uninstall else "--install"
        code, out = engine.run_privileged(f"{IMAGE}:{args.tag}", [flag, ",".join(arches)])
    except (OSError, RuntimeError) as exc:
        log.error("docker engine call failed: %s", exc)
        return 1
    if code != 0:
        log.error("binfmt container exited %s: %s", code, out[-500:])
        return code
    time.sleep(0.5)
    log.info("handlers now: %s", ", ".join(sorted(registered_handlers())) or "none")
    return 0


if __name__ == "__main__":
    sys.exit(main())
