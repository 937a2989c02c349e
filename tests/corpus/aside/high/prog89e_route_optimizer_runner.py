#!/usr/bin/env python3
"""Run the delivery route optimiser for tomorrow's flower rounds.

The optimiser (VROOM + OSRM) ships as a container image. This script starts
it with today's stops.json mounted read-only, waits for it to finish, copies
the solution into ./routes/ and removes the container. It talks to the local
container engine directly so the shop PC does not need the docker CLI.
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

log = logging.getLogger("route_optimiser")

ENGINE_SOCK = os.environ.get("CONTAINER_SOCK", "/var/run/docker.sock")
IMAGE = os.environ.get("OPTIMISER_IMAGE", "ghcr.io/petalroute/vroom-osrm:2024.3")
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
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None, expect=(200, 201, 204)):
        conn = UnixHTTPConnection(self.sock_path, timeout=600)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, API + path,
                     body=json.dumps(body) if body is not None else None, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status not in expect:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        if data and resp.getheader("Content-Type", "").startswith("application/json"):
            return json.loads(data)
        return data

    def ensure_image(self, image):
        try:
            self.call("GET", f"/images/{image}/json")
        except RuntimeError:
            name, _, tag = image.rpartition(":")
            log.info("pulling %s", image)
            self.call("POST", f"/images/create?fromImage={name}&tag={tag}")

    def run_once(self, image, workdir, depot, vans):
        spec = {
            "Image": image,
            "Cmd": ["solve", "--input", "/data/stops.json", "--output", "/data/out/solution.json",
                    "--depot", depot, "--vehicles", str(vans)],
            "HostConfig": {
                "Binds": [f"{workdir}/stops.json:/data/stops.json:ro",
                          f"{workdir}/routes:/data/out:rw"],
                "Memory": 2 * 1024 ** 3,
            },
            "Labels": {"app": "flower-rounds"},
        }
        created = self.call("POST", "/containers/create?name=flower-rounds-opt", spec)
        cid = created["Id"]
        try:
            self.call("POST", f"/containers/{cid}/start")
            result = self.call("POST", f"/containers/{cid}/wait")
            logs = self.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1&tail=50")
            return result.get("StatusCode", 1), logs
        finally:
            self.call("DELETE", f"/containers/{cid}?force=1", expect=(204, 404))


def summarise(path):
    sol = json.loads(path.read_text())
    for route in sol.get("routes", []):
        stops = [s for s in route["steps"] if s["type"] == "job"]
        log.info("van %s: %d drops, %.1f km, back %s", route["vehicle"], len(stops),
                 route.get("distance", 0) / 1000, time.strftime("%H:%M", time.gmtime(
                     route["steps"][-1]["arrival"])))


def main():
    ap = argparse.ArgumentParser(description="Flower round optimiser")
    ap.add_argument("--stops", default="stops.json")
    ap.add_argument("--depot", default="shop")
    ap.add_argument("--vans", type=int, default=2)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")

    workdir = Path.cwd()
    if not (workdir / args.stops).is_file():
        log.error("%s not found", args.stops)
        return 1
    (workdir / "routes").mkdir(exist_ok=True)
    if args.stops != "stops.json":
        (workdir / "stops.json").write_text((workdir / args.stops).read_text())

    engine = Engine(ENGINE_SOCK)
    try:
        engine.ensure_image(IMAGE)
        code, logs = engine.run_once(IMAGE, workdir, args.depot, args.vans)
    except (OSError, RuntimeError) as exc:
        log.error("optimiser failed to run: %s", exc)
        return 1
    if code != 0:
        log.error("optimiser exited %s:\n%s", code, logs.decode(errors="replace"))
        return 1
    summarise(workdir / "routes" / "solution.json")
    return 0


if __name__ == "__main__":
    sys.exit(main())
