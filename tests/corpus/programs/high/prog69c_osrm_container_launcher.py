#!/usr/bin/env python3
"""Run the OSRM routing engine in a container and build the depot matrix.

The route planner needs a fresh duration/distance matrix between all depots
and customer drop points every night.  This script starts the
osrm/osrm-backend image on the prepared .osrm dataset through the Docker
Engine API, waits for it to answer, queries the /table service in blocks
and writes matrix.json for the planner.
"""
import argparse
import csv
import http.client
import json
import logging
import socket
import sys
import time
from pathlib import Path

import requests

LOG = logging.getLogger("osrm-launch")

DEFAULT_PORT = 5000
BLOCK = 100
IMAGE = "ghcr.io/project-osrm/osrm-backend:v5.27.1"
ENGINE_SOCK = "/var/run/docker.sock"


class EngineError(RuntimeError):
    pass


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.sock_path)
        self.sock = sock


class ContainerEngine:
    """Runs osrm-routed in a container via the Docker Engine API."""

    name = "route-planner-osrm"

    def __init__(self, dataset, port, algorithm="mld", threads=4, sock=ENGINE_SOCK):
        self.dataset = Path(dataset).resolve()
        self.port = port
        self.algorithm = algorithm
        self.threads = threads
        self.sock = sock
        self.container_id = None

    def _api(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock)
        try:
            payload = json.dumps(body).encode() if body is not None else None
            conn.request(method, f"/v1.43{path}", body=payload,
                         headers={"Content-Type": "application/json"})
            resp = conn.getresponse()
            data = resp.read()
            if resp.status >= 400 and resp.status != 404:
                raise EngineError(f"{method} {path}: {resp.status} {data[:200]!r}")
            try:
                return resp.status, (json.loads(data) if data else None)
            except ValueError:
                return resp.status, data.decode(errors="replace")
        finally:
            conn.close()

    def start(self):
        self._api("DELETE", f"/containers/{self.name}?force=true")
        status, _ = self._api("POST", f"/images/create?fromImage={IMAGE}")
        LOG.info("image pull status %s", status)
        spec = {
            "Image": IMAGE,
            "Cmd": ["osrm-routed", "--algorithm", self.algorithm,
                    "--threads", str(self.threads), "--max-table-size", str(BLOCK * 2),
                    f"/data/{self.dataset.name}"],
            "ExposedPorts": {"5000/tcp": {}},
            "HostConfig": {
                "Binds": [f"{self.dataset.parent}:/data:ro"],
                "PortBindings": {"5000/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(self.port)}]},
                "AutoRemove": True,
            },
        }
        _, created = self._api("POST", f"/containers/create?name={self.name}", spec)
        self.container_id = created["Id"]
        self._api("POST", f"/containers/{self.container_id}/start")
        LOG.info("started container %s", self.container_id[:12])

    def stop(self):
        if self.container_id:
            try:
                self._api("POST", f"/containers/{self.container_id}/stop?t=10")
            except (EngineError, OSError) as exc:
                LOG.warning("stop failed: %s", exc)
        LOG.info("engine stopped")

    @property
    def base_url(self):
        return f"http://127.0.0.1:{self.port}"


def wait_ready(base_url, timeout=300):
    deadline = time.monotonic() + timeout
    probe = f"{base_url}/nearest/v1/driving/0,0"
    while time.monotonic() < deadline:
        try:
            r = requests.get(probe, timeout=3)
            if r.status_code in (200, 400):
                LOG.info("engine ready after warm-up")
                return
        except requests.RequestException:
            pass
        time.sleep(2)
    raise EngineError("engine did not become ready in time")


def load_points(path):
    with open(path, newline="") as fh:
        return [(row["id"], float(row["lon"]), float(row["lat"])) for row in csv.DictReader(fh)]


def table(base_url, points):
    n = len(points)
    durations = [[None] * n for _ in range(n)]
    distances = [[None] * n for _ in range(n)]
    for si in range(0, n, BLOCK):
        for di in range(0, n, BLOCK):
            src = points[si:si + BLOCK]
            dst = points[di:di + BLOCK]
            coords = ";".join(f"{lon},{lat}" for _, lon, lat in src + dst)
            params = {
                "sources": ";".join(str(i) for i in range(len(src))),
                "destinations": ";".join(str(len(src) + i) for i in range(len(dst))),
                "annotations": "duration,distance",
            }
            r = requests.get(f"{base_url}/table/v1/driving/{coords}", params=params, timeout=120)
            r.raise_for_status()
            body = r.json()
            if body.get("code") != "Ok":
                raise EngineError(f"table block {si}/{di}: {body.get('code')}")
            for i, row in enumerate(body["durations"]):
                durations[si + i][di:di + len(row)] = row
            for i, row in enumerate(body["distances"]):
                distances[si + i][di:di + len(row)] = row
            LOG.info("block %d/%d done", si, di)
    return durations, distances


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dataset", help="path to the prepared region.osrm")
    ap.add_argument("--points", default="points.csv")
    ap.add_argument("--out", default="matrix.json")
    ap.add_argument("--port", type=int, default=DEFAULT_PORT)
    ap.add_argument("--threads", type=int, default=4)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    points = load_points(args.points)
    engine = ContainerEngine(args.dataset, args.port, threads=args.threads)
    try:
        engine.start()
        wait_ready(engine.base_url)
        durations, distances = table(engine.base_url, points)
    except (EngineError, requests.RequestException, OSError) as exc:
        LOG.error("matrix build failed: %s", exc)
        return 1
    finally:
        engine.stop()

    Path(args.out).write_text(json.dumps({
        "ids": [p[0] for p in points],
        "durations": durations,
        "distances": distances,
        "built": time.strftime("%Y-%m-%dT%H:%M:%S"),
    }))
    LOG.info("wrote %s for %d points", args.out, len(points))
    return 0


if __name__ == "__main__":
    sys.exit(main())
