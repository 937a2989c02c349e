#!/usr/bin/env python3
"""Launch the nesting/CAM engine container for a batch of milling jobs.

The CAM vendor ships its nesting engine as a container image.  It needs the
milling machine's USB licence dongle and the shared job folder.  We talk to
the local engine API directly instead of pulling in the docker SDK, because
the CAM station's Python is locked down by the vendor.

    cam_container_launcher.py jobs/batch_0612 --image camvendor/nest:5.2
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

LOG = logging.getLogger("cam_launch")
ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/var/run/docker.sock")
API = "/v1.43"


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
    def __init__(self, sock_path=ENGINE_SOCK):
        self.sock_path = sock_path

    def call(self, method, path, body=None, expect=(200, 201, 204)):
        conn = UnixHTTPConnection(self.sock_path)
        try:
            payload = json.dumps(body).encode() if body is not None else None
            conn.request(method, API + path, body=payload,
                         headers={"Content-Type": "application/json"})
            resp = conn.getresponse()
            data = resp.read()
            if resp.status not in expect:
                raise RuntimeError(f"{method} {path}: {resp.status} {data[:300]!r}")
            return json.loads(data) if data else None
        finally:
            conn.close()

    def ensure_image(self, image):
        try:
            self.call("GET", f"/images/{image}/json")
        except RuntimeError:
            name, _, tag = image.partition(":")
            LOG.info("pulling %s", image)
            self.call("POST", f"/images/create?fromImage={name}&tag={tag or 'latest'}")

    def run_batch(self, image, batch_dir, name):
        spec = {
            "Image": image,
            "Cmd": ["nest", "--input", "/jobs", "--output", "/jobs/out", "--headless"],
            "Env": [f"CAM_LICENSE_SERVER={os.environ.get('CAM_LICENSE_SERVER', 'dongle')}"],
            "HostConfig": {
                "Binds": [f"{batch_dir}:/jobs:rw"],
                "Privileged": True,
                "Devices": [{"PathOnHost": "/dev/bus/usb", "PathInContainer": "/dev/bus/usb",
                             "CgroupPermissions": "rwm"}],
                "AutoRemove": False,
            },
            "Labels": {"lab.role": "cam-nesting", "lab.batch": batch_dir.name},
        }
        created = self.call("POST", f"/containers/create?name={name}", spec)
        cid = created["Id"]
        self.call("POST", f"/containers/{cid}/start")
        return cid

    def wait(self, cid, timeout):
        deadline = time.time() + timeout
        while time.time() < deadline:
            info = self.call("GET", f"/containers/{cid}/json")
            if not info["State"]["Running"]:
                return info["State"]["ExitCode"]
            time.sleep(5)
        raise TimeoutError(f"container {cid[:12]} still running after {timeout}s")

    def logs(self, cid):
        conn = UnixHTTPConnection(self.sock_path)
        conn.request("GET", f"{API}/containers/{cid}/logs?stdout=1&stderr=1&tail=50")
        raw = conn.getresponse().read()
        conn.close()
        return raw.decode(errors="replace")


def main(argv=None):
    ap = argparse.ArgumentParser(description="run the CAM nesting engine on a job batch")
    ap.add_argument("batch", type=Path)
    ap.add_argument("--image", default="camvendor/nest:5.2")
    ap.add_argument("--timeout", type=int, default=3600)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    batch = args.batch.resolve()
    if not any(batch.glob("*.stl")):
        LOG.error("%s has no STL files", batch)
        return 2
    engine = Engine()
    try:
        engine.ensure_image(args.image)
        cid = engine.run_batch(args.image, batch, f"nest-{batch.name}-{int(time.time())}")
        LOG.info("nesting container %s started", cid[:12])
        code = engine.wait(cid, args.timeout)
    except (OSError, RuntimeError, TimeoutError) as exc:
        LOG.error("%s", exc)
        return 1
    if code != 0:
        LOG.error("nesting failed (exit %d):\n%s", code, engine.logs(cid))
    else:
        LOG.info("nesting done, results in %s/out", batch)
    return code


if __name__ == "__main__":
    sys.exit(main())
