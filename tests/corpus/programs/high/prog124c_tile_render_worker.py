#!/usr/bin/env python3
"""Run map tile render jobs in throw-away renderer containers.

Reads a job list (JSON lines: layer, style, bbox, zoom range), and for each job
starts a container from the renderer image with the style and output
directories mounted, waits for it to finish and collects its log. Talks to
the Docker Engine API directly so the worker has no docker CLI dependency.
"""

import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time

LOG = logging.getLogger("render-worker")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
API = "/v1.43"


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
    def __init__(self, sock_path=DOCKER_SOCK):
        self.sock_path = sock_path

    def call(self, method, path, body=None, timeout=60):
        conn = UnixHTTPConnection(self.sock_path, timeout=timeout)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, API + path,
                     json.dumps(body) if body is not None else None, headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data and data[:1] in b"{[" else data

    def run_job(self, image, job, style_dir, out_dir, gpu=True):
        cmd = ["render_tiles", "--style", f"/styles/{job['style']}",
               "--bbox", ",".join(str(v) for v in job["bbox"]),
               "--zoom", f"{job['minzoom']}-{job['maxzoom']}",
               "--out", f"/tiles/{job['layer']}"]
        host_cfg = {
            "Binds": [f"{os.path.abspath(style_dir)}:/styles:ro",
                      f"{os.path.abspath(out_dir)}:/tiles"],
            "AutoRemove": False,
        }
        if gpu:
            # GPU-accelerated rasteriser needs the render nodes under /dev/dri
            host_cfg["Privileged"] = True
        spec = {"Image": image, "Cmd": cmd, "HostConfig": host_cfg,
                "Labels": {"geotiles.job": job["layer"]}}
        cid = self.call("POST", "/containers/create", spec)["Id"]
        self.call("POST", f"/containers/{cid}/start")
        return cid

    def wait(self, cid, timeout):
        return self.call("POST", f"/containers/{cid}/wait", timeout=timeout)["StatusCode"]

    def logs(self, cid):
        raw = self.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1&tail=50")
        return raw.decode("utf-8", "replace") if isinstance(raw, bytes) else str(raw)

    def remove(self, cid):
        self.call("DELETE", f"/containers/{cid}?force=1")


def read_jobs(path):
    with open(path, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            line = line.strip()
            if line and not line.startswith("#"):
                try:
                    yield json.loads(line)
                except json.JSONDecodeError as exc:
                    LOG.error("jobs line %d: %s", n, exc)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("jobs", help="JSON-lines job file")
    ap.add_argument("--image", default="geosurvey/tile-renderer:2.4")
    ap.add_argument("--styles", default="build/styles")
    ap.add_argument("--out", default="tiles")
    ap.add_argument("--timeout", type=int, default=3600)
    ap.add_argument("--cpu-only", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    os.makedirs(args.out, exist_ok=True)

    engine = Engine()
    failures = 0
    for job in read_jobs(args.jobs):
        started = time.time()
        try:
            cid = engine.run_job(args.image, job, args.styles, args.out,
                                 gpu=not args.cpu_only)
            code = engine.wait(cid, args.timeout)
            if code != 0:
                failures += 1
                LOG.error("%s exited %d:\n%s", job["layer"], code, engine.logs(cid))
            else:
                LOG.info("%s rendered in %.0fs", job["layer"], time.time() - started)
            engine.remove(cid)
        except (OSError, RuntimeError, KeyError) as exc:
            failures += 1
            LOG.error("job %s failed: %s", job.get("layer"), exc)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
