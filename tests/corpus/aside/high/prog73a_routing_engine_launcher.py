#!/usr/bin/env python3
"""Start an OSRM routing engine for the ride-dispatch ETA service.

Talks to the local Docker Engine API directly (no docker CLI or SDK on the
dispatch boxes) to pull the OSRM image, (re)create the routing container
with the prepared .osrm graph from ./graph mounted read-only and wait for
the /health endpoint before the dispatcher is allowed to use it.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
import urllib.parse
import urllib.request

LOG = logging.getLogger("osrm-launch")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
API_VERSION = "v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None, query=None, ok=(200, 201, 204, 304)):
        conn = UnixHTTPConnection(self.sock_path)
        url = f"/{API_VERSION}{path}"
        if query:
            url += "?" + urllib.parse.urlencode(query)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {path}: HTTP {resp.status} {data[:300]!r}")
        if data and resp.getheader("Content-Type", "").startswith("application/json"):
            return json.loads(data)
        return data

    def pull(self, image):
        name, _, tag = image.partition(":")
        LOG.info("pulling %s", image)
        self.call("POST", "/images/create", query={"fromImage": name, "tag": tag or "latest"})

    def remove(self, name):
        try:
            self.call("DELETE", f"/containers/{name}", query={"force": "true"}, ok=(204, 404))
        except RuntimeError as exc:
            LOG.warning("remove %s: %s", name, exc)

    def run(self, name, spec):
        created = self.call("POST", "/containers/create", body=spec, query={"name": name})
        cid = created["Id"]
        self.call("POST", f"/containers/{cid}/start")
        return cid


def container_spec(image, graph_dir, region, port, algorithm):
    return {
        "Image": image,
        "Cmd": ["osrm-routed", "--algorithm", algorithm, f"/data/{region}.osrm"],
        "ExposedPorts": {"5000/tcp": {}},
        "Labels": {"app": "dispatch-osrm", "region": region},
        "HostConfig": {
            "Binds": [f"{os.path.abspath(graph_dir)}:/data:ro"],
            "PortBindings": {"5000/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(port)}]},
            "RestartPolicy": {"Name": "unless-stopped"},
            "Memory": 4 * 1024 ** 3,
        },
    }


def wait_healthy(port, timeout):
    url = f"http://127.0.0.1:{port}/route/v1/driving/13.388,52.517;13.397,52.529"
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=5) as resp:
                if json.load(resp).get("code") == "Ok":
                    return True
        except (OSError, ValueError):
            pass
        time.sleep(2)
    return False


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--region", default="berlin-latest")
    ap.add_argument("--graph-dir", default="graph")
    ap.add_argument("--image", default="osrm/osrm-backend:v5.27.1")
    ap.add_argument("--port", type=int, default=5000)
    ap.add_argument("--algorithm", choices=("mld", "ch"), default="mld")
    ap.add_argument("--name", default="dispatch-osrm")
    ap.add_argument("--wait", type=int, default=180)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    graph = os.path.join(args.graph_dir, f"{args.region}.osrm.mldgr")
    if args.algorithm == "mld" and not os.path.exists(graph):
        LOG.error("prepared graph %s not found; run osrm-partition/customize first", graph)
        return 2

    engine = Engine(DOCKER_SOCK)
    try:
        engine.pull(args.image)
        engine.remove(args.name)
        cid = engine.run(args.name, container_spec(args.image, args.graph_dir,
                                                   args.region, args.port, args.algorithm))
    except (OSError, RuntimeError) as exc:
        LOG.error("docker engine call failed: %s", exc)
        return 1
    LOG.info("container %s started (%s)", args.name, cid[:12])
    if not wait_healthy(args.port, args.wait):
        LOG.error("routing engine did not become healthy within %ds", args.wait)
        return 1
    LOG.info("routing engine ready on 127.0.0.1:%d", args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
