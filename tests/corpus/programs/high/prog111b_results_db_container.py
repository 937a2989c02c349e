#!/usr/bin/env python3
"""Start (or reuse) the local Postgres the results team works against on race day.

The timing import, the results editor and the live tracker all point at a
Postgres on the results laptop. This talks to the local Docker engine
directly (no docker CLI or SDK needed on the volunteers' machines), pulls the
image if missing, creates the container with the data folder mounted and
waits until it accepts connections.
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
from pathlib import Path

log = logging.getLogger("results_db")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
API = "/v1.41"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self._path)


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None, query=None, stream=False):
        conn = UnixHTTPConnection(self.sock_path, timeout=300 if stream else 60)
        url = API + path + ("?" + urllib.parse.urlencode(query) if query else "")
        payload = json.dumps(body) if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, url, payload, headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError("%s %s -> %d %s" % (method, path, resp.status, data[:200]))
        if stream or not data:
            return data
        return json.loads(data)

    def container(self, name):
        try:
            return self.call("GET", "/containers/%s/json" % name)
        except RuntimeError as exc:
            if "404" in str(exc):
                return None
            raise

    def pull(self, image):
        repo, _, tag = image.partition(":")
        log.info("pulling %s", image)
        self.call("POST", "/images/create", query={"fromImage": repo, "tag": tag or "latest"}, stream=True)


def create_db(engine, name, image, data_dir, port, password):
    spec = {
        "Image": image,
        "Env": ["POSTGRES_DB=results", "POSTGRES_USER=results", "POSTGRES_PASSWORD=" + password],
        "ExposedPorts": {"5432/tcp": {}},
        "Healthcheck": {"Test": ["CMD-SHELL", "pg_isready -U results"], "Interval": 2_000_000_000},
        "HostConfig": {
            "Binds": ["%s:/var/lib/postgresql/data" % data_dir],
            "PortBindings": {"5432/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(port)}]},
            "RestartPolicy": {"Name": "unless-stopped"},
        },
        "Labels": {"org.runclub.role": "results-db"},
    }
    try:
        return engine.call("POST", "/containers/create", spec, query={"name": name})
    except RuntimeError as exc:
        if "No such image" not in str(exc):
            raise
        engine.pull(image)
        return engine.call("POST", "/containers/create", spec, query={"name": name})


def wait_healthy(engine, name, timeout):
    deadline = time.time() + timeout
    while time.time() < deadline:
        state = engine.container(name)["State"]
        health = state.get("Health", {}).get("Status")
        if health == "healthy":
            return True
        if not state.get("Running"):
            raise RuntimeError("container stopped: %s" % (state.get("Error") or state.get("Status")))
        time.sleep(2)
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--name", default="raceday-results-db")
    ap.add_argument("--image", default="postgres:16-alpine")
    ap.add_argument("--data", default="./pgdata")
    ap.add_argument("--port", type=int, default=5432)
    ap.add_argument("--timeout", type=int, default=90)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    password = os.environ.get("RESULTS_DB_PASSWORD")
    if not password:
        sys.exit("set RESULTS_DB_PASSWORD first")
    if not os.path.exists(DOCKER_SOCK):
        sys.exit("docker engine socket not found at %s" % DOCKER_SOCK)

    engine = Engine(DOCKER_SOCK)
    data_dir = str(Path(args.data).resolve())
    Path(data_dir).mkdir(parents=True, exist_ok=True)
    try:
        info = engine.container(args.name)
        if info is None:
            create_db(engine, args.name, args.image, data_dir, args.port, password)
            log.info("created %s", args.name)
            info = engine.container(args.name)
        if not info["State"].get("Running"):
            engine.call("POST", "/containers/%s/start" % args.name)
            log.info("started %s", args.name)
        if not wait_healthy(engine, args.name, args.timeout):
            sys.exit("database not healthy after %ds" % args.timeout)
    except (OSError, RuntimeError) as exc:
        sys.exit("docker: %s" % exc)
    log.info("results DB ready on 127.0.0.1:%d (db=results user=results)", args.port)


if __name__ == "__main__":
    main()
