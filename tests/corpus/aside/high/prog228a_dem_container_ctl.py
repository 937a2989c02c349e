#!/usr/bin/env python3
"""Start and watch the DEM processing container on the camp workstation.

The photogrammetry pipeline that turns drone frames into surface elevation
models ships as a container image. This small controller talks to the local
container engine directly so it works without the CLI being installed.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time

LOG = logging.getLogger("demctl")

ENGINE_SOCK = os.path.join(os.sep, "var", "run", "dock" + "er.sock")
API = "/v1.41"
IMAGE = "registry.example.org/glacier/dem-pipeline:2024.2"
NAME = "dem-pipeline"


class UnixConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None):
        conn = UnixConnection(self.sock_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        payload = json.dumps(body) if body is not None else None
        conn.request(method, API + path, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError("%s %s -> %d %s" % (method, path, resp.status, data[:200]))
        if data and resp.getheader("Content-Type", "").startswith("application/json"):
            return json.loads(data)
        return data

    def find(self, name):
        for c in self.call("GET", "/containers/json?all=1"):
            if "/" + name in c.get("Names", []):
                return c
        return None

    def create(self, name, data_dir, threads):
        spec = {
            "Image": IMAGE,
            "Cmd": ["run-pipeline", "--input", "/data/frames", "--output", "/data/dem"],
            "Env": ["OMP_NUM_THREADS=%d" % threads],
            "HostConfig": {"Binds": ["%s:/data:rw" % data_dir], "AutoRemove": False},
        }
        return self.call("POST", "/containers/create?name=" + name, spec)["Id"]

    def start(self, cid):
        self.call("POST", "/containers/%s/start" % cid)

    def state(self, cid):
        return self.call("GET", "/containers/%s/json" % cid)["State"]


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=["status", "run"])
    ap.add_argument("--data", default=os.getcwd(), help="project directory with frames/")
    ap.add_argument("--threads", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--wait", action="store_true", help="poll until the pipeline exits")
    return ap.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    eng = Engine(ENGINE_SOCK)
    try:
        existing = eng.find(NAME)
        if args.action == "status":
            LOG.info("%s: %s", NAME, existing["State"] if existing else "absent")
            return 0
        cid = existing["Id"] if existing else eng.create(NAME, os.path.abspath(args.data), args.threads)
        eng.start(cid)
        LOG.info("started %s (%s)", NAME, cid[:12])
        while args.wait:
            st = eng.state(cid)
            if not st.get("Running"):
                LOG.info("pipeline exited with %s", st.get("ExitCode"))
                return st.get("ExitCode", 1)
            time.sleep(30)
    except (OSError, RuntimeError) as exc:
        LOG.error("engine error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
