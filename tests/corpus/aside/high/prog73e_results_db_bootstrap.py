#!/usr/bin/env python3
"""Bootstrap the PostgreSQL container that stores race results.

Talks to the local Docker Engine API directly (no docker CLI / SDK needed on
the timing laptop): pulls the image, creates a named volume and starts the
``results-db`` container with the credentials from results.env.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
from urllib.parse import quote

log = logging.getLogger("results-db")

ENGINE_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
API_VER = "v1.43"


class EngineConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self._sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None, ok=(200, 201, 204, 304)):
        conn = EngineConnection(self.sock_path)
        try:
            payload = json.dumps(body).encode() if body is not None else None
            headers = {"Content-Type": "application/json"} if payload else {}
            conn.request(method, f"/{API_VER}{path}", body=payload, headers=headers)
            resp = conn.getresponse()
            raw = resp.read()
        finally:
            conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {path} -> {resp.status}: {raw[:300]!r}")
        if not raw:
            return None
        try:
            return json.loads(raw)
        except ValueError:
            return raw.decode(errors="replace")

    def pull(self, image):
        name, _, tag = image.partition(":")
        self.call("POST", f"/images/create?fromImage={quote(name)}&tag={quote(tag or 'latest')}")

    def ensure_volume(self, name):
        self.call("POST", "/volumes/create", {"Name": name, "Labels": {"app": "race-results"}})

    def find(self, name):
        flt = quote(json.dumps({"name": [f"^/{name}$"]}))
        found = self.call("GET", f"/containers/json?all=1&filters={flt}")
        return found[0] if found else None


def read_env(path):
    env = {}
    with open(path) as fh:
        for line in fh:
            line = line.strip()
            if line and not line.startswith("#") and "=" in line:
                k, v = line.split("=", 1)
                env[k.strip()] = v.strip().strip('"')
    return env


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--env-file", default="results.env")
    ap.add_argument("--image", default="postgres:16-alpine")
    ap.add_argument("--name", default="results-db")
    ap.add_argument("--port", type=int, default=5433)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        env = read_env(args.env_file)
    except OSError as exc:
        log.error("cannot read %s: %s", args.env_file, exc)
        return 2
    engine = Engine(ENGINE_SOCK)
    try:
        existing = engine.find(args.name)
        if existing and existing["State"] == "running":
            log.info("%s already running", args.name)
            return 0
        if not existing:
            log.info("pulling %s", args.image)
            engine.pull(args.image)
            engine.ensure_volume(f"{args.name}-data")
            spec = {
                "Image": args.image,
                "Env": [f"{k}={v}" for k, v in env.items()],
                "ExposedPorts": {"5432/tcp": {}},
                "HostConfig": {
                    "PortBindings": {"5432/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(args.port)}]},
                    "Binds": [f"{args.name}-data:/var/lib/postgresql/data"],
                    "RestartPolicy": {"Name": "on-failure", "MaximumRetryCount": 3},
                },
            }
            engine.call("POST", f"/containers/create?name={quote(args.name)}", spec)
        engine.call("POST", f"/containers/{quote(args.name)}/start")
        for _ in range(20):
            info = engine.call("GET", f"/containers/{quote(args.name)}/json")
            if info["State"]["Running"]:
                log.info("%s up on 127.0.0.1:%d", args.name, args.port)
                return 0
            time.sleep(1)
    except (OSError, RuntimeError) as exc:
        log.error("docker engine: %s", exc)
        return 1
    log.error("container did not come up")
    return 1


if __name__ == "__main__":
    sys.exit(main())
