#!/usr/bin/env python3
"""Run the as-built point-cloud pipeline in the PDAL container.

Laser-scan exports (E57/LAS) from the site surveyor are cleaned, thinned and
classified with a PDAL pipeline, then written as COPC for the BIM clash
viewer. The pipeline runs in the team's PDAL image so every workstation uses
the same PDAL/GDAL build; the container needs the GPU and the raw scan
device mappings, hence the privileged mode.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
from pathlib import Path

LOG = logging.getLogger("pc-runner")
DOCKER_SOCK = "/var/run/docker.sock"
IMAGE = "registry.example-builders.com/survey/pdal:2.6-cuda"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self.unix_path)


class Engine:
    api = "/v1.43"

    def __init__(self, sock_path=DOCKER_SOCK):
        self.sock_path = sock_path

    def call(self, method, path, body=None, expect=(200, 201, 204)):
        conn = UnixHTTPConnection(self.sock_path, timeout=None if "wait" in path else 60)
        payload = json.dumps(body).encode() if body is not None else None
        conn.request(method, self.api + path, body=payload,
                     headers={"Content-Type": "application/json"})
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status not in expect:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:300]!r}")
        return json.loads(data) if data.strip().startswith(b"{") else data

    def run(self, image, cmd, binds, workdir):
        spec = {
            "Image": image,
            "Cmd": cmd,
            "WorkingDir": workdir,
            "HostConfig": {
                "Binds": binds,
                "Privileged": True,
                "AutoRemove": False,
                "DeviceRequests": [{"Driver": "nvidia", "Count": -1,
                                    "Capabilities": [["gpu"]]}],
            },
        }
        cid = self.call("POST", "/containers/create", spec)["Id"]
        self.call("POST", f"/containers/{cid}/start")
        LOG.info("container %s started", cid[:12])
        return cid

    def wait(self, cid):
        return self.call("POST", f"/containers/{cid}/wait")["StatusCode"]

    def logs(self, cid):
        raw = self.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1")
        return raw.decode(errors="replace") if isinstance(raw, bytes) else str(raw)

    def remove(self, cid):
        self.call("DELETE", f"/containers/{cid}?force=1")


def build_pipeline(src_name, out_name, voxel):
    return {"pipeline": [
        {"type": "readers.e57" if src_name.endswith(".e57") else "readers.las",
         "filename": f"/data/{src_name}"},
        {"type": "filters.outlier", "method": "statistical", "mean_k": 12, "multiplier": 2.2},
        {"type": "filters.voxelcenternearestneighbor", "cell": voxel},
        {"type": "filters.smrf"},
        {"type": "writers.copc", "filename": f"/data/out/{out_name}"},
    ]}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("scans", nargs="+", type=Path, help="E57/LAS/LAZ scan files")
    ap.add_argument("--voxel", type=float, default=0.01, help="thinning cell size in m")
    ap.add_argument("--image", default=IMAGE)
    ap.add_argument("--keep", action="store_true", help="keep containers for debugging")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    engine = Engine()
    failures = 0
    for scan in args.scans:
        scan = scan.resolve()
        (scan.parent / "out").mkdir(exist_ok=True)
        pipe_name = f".{scan.stem}.pipeline.json"
        (scan.parent / pipe_name).write_text(
            json.dumps(build_pipeline(scan.name, scan.stem + ".copc.laz", args.voxel), indent=1))
        started = time.monotonic()
        try:
            cid = engine.run(args.image, ["pdal", "pipeline", f"/data/{pipe_name}"],
                             [f"{scan.parent}:/data"], "/data")
            code = engine.wait(cid)
            if code != 0:
                LOG.error("%s failed (%d):\n%s", scan.name, code, engine.logs(cid)[-2000:])
                failures += 1
            else:
                LOG.info("%s done in %.0fs", scan.name, time.monotonic() - started)
            if not args.keep:
                engine.remove(cid)
        except (OSError, RuntimeError) as exc:
            LOG.error("%s: %s", scan.name, exc)
            failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
