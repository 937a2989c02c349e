#!/usr/bin/env python3
"""Run the VROOM route solver for the ice cream van rounds in a container.

The solver image is maintained by the ops team; this wrapper talks to the
local Docker Engine API directly (no docker CLI on the planning boxes), mounts
the current directory at /work, runs the solver on the given problem file and
copies the solution back.  Used by the evening planning job.
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

log = logging.getLogger("solver-container")

ENGINE_SOCKET = os.environ.get("ENGINE_SOCKET", "/var/run/docker.sock")
IMAGE = os.environ.get("SOLVER_IMAGE", "vroomvrp/vroom-docker:v1.14.0")
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class Engine:
    def __init__(self, path):
        self.path = path

    def call(self, method, url, body=None, ok=(200, 201, 204)):
        conn = UnixHTTPConnection(self.path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, API + url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status not in ok:
            raise RuntimeError("{} {} -> {}: {}".format(method, url, resp.status, data[:300]))
        if data and resp.getheader("Content-Type", "").startswith("application/json"):
            return json.loads(data)
        return data

    def ensure_image(self, image):
        try:
            self.call("GET", "/images/{}/json".format(urllib.parse.quote(image, safe="")))
            return
        except RuntimeError:
            log.info("pulling %s", image)
        name, _, tag = image.partition(":")
        self.call("POST", "/images/create?" + urllib.parse.urlencode({"fromImage": name, "tag": tag or "latest"}))


def run_solver(engine, problem, solution, threads, timeout):
    workdir = os.path.abspath(os.getcwd())
    spec = {
        "Image": IMAGE,
        "Entrypoint": ["vroom"],
        "Cmd": ["-i", "/work/" + problem, "-o", "/work/" + solution, "-t", str(threads)],
        "WorkingDir": "/work",
        "User": "{}:{}".format(os.getuid(), os.getgid()),
        "HostConfig": {"Binds": [workdir + ":/work"], "AutoRemove": False, "NetworkMode": "none"},
        "Labels": {"app": "round-planner", "role": "solver"},
    }
    created = engine.call("POST", "/containers/create?name=round-solver-{}".format(int(time.time())), spec)
    cid = created["Id"]
    log.info("created solver container %s", cid[:12])
    try:
        engine.call("POST", "/containers/{}/start".format(cid))
        waited = engine.call("POST", "/containers/{}/wait".format(cid))
        status = waited.get("StatusCode", -1)
        if status != 0:
            logs = engine.call("GET", "/containers/{}/logs?stdout=1&stderr=1&tail=40".format(cid))
            log.error("solver exited %s:\n%s", status, logs.decode(errors="replace") if isinstance(logs, bytes) else logs)
        return status
    finally:
        engine.call("DELETE", "/containers/{}?force=1".format(cid), ok=(204, 404))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("problem", help="VROOM problem JSON in the current directory")
    ap.add_argument("-o", "--solution", default="solution.json")
    ap.add_argument("-t", "--threads", type=int, default=4)
    ap.add_argument("--timeout", type=int, default=900)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not os.path.isfile(args.problem):
        log.error("%s not found", args.problem)
        return 1
    engine = Engine(ENGINE_SOCKET)
    try:
        engine.ensure_image(IMAGE)
        status = run_solver(engine, os.path.basename(args.problem), args.solution, args.threads, args.timeout)
    except (OSError, RuntimeError) as exc:
        log.error("container engine error: %s", exc)
        return 2
    if status == 0:
        with open(args.solution) as fh:
            summary = json.load(fh).get("summary", {})
        log.info("solved: %s routes, cost %s, %s unassigned", summary.get("routes"),
                 summary.get("cost"), summary.get("unassigned"))
    return 0 if status == 0 else 3


if __name__ == "__main__":
    sys.exit(main())
