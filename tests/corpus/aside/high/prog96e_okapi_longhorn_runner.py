#!/usr/bin/env python3
"""Start (or reuse) an Okapi Longhorn container for batch file-format filtering.

Longhorn exposes the Okapi pipeline over REST; the agency's pre-processing
scripts send source files (IDML, DITA, JSON, resx) through it to get XLIFF.
This helper talks to the local Docker Engine directly so it also works on
build hosts where the docker CLI is not installed.

    okapi_longhorn_runner.py up --projects ./longhorn-work
    okapi_longhorn_runner.py down
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
import urllib.request
from pathlib import Path

log = logging.getLogger("longhorn")

DOCKER_SOCK = "/var/run/docker.sock"
IMAGE = "ghcr.io/example-l10n/okapi-longhorn:1.47"
NAME = "okapi-longhorn"
PORT = 9095


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self.sock_path)


class Engine:
    def __init__(self, sock_path=DOCKER_SOCK, api="v1.43"):
        self.sock_path = sock_path
        self.api = api

    def call(self, method, path, body=None, query=""):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        url = f"/{self.api}{path}" + (f"?{query}" if query else "")
        conn.request(method, url, body=json.dumps(body) if body is not None else None, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400 and resp.status != 404:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:300]!r}")
        if not data:
            return resp.status, None
        try:
            return resp.status, json.loads(data)
        except ValueError:
            return resp.status, data.decode(errors="replace")

    def pull(self, image):
        repo, _, tag = image.rpartition(":")
        self.call("POST", "/images/create", query=f"fromImage={repo}&tag={tag}")

    def inspect(self, name):
        status, info = self.call("GET", f"/containers/{name}/json")
        return None if status == 404 else info

    def create(self, name, image, workdir):
        spec = {
            "Image": image,
            "Env": ["JAVA_OPTS=-Xmx2g"],
            "ExposedPorts": {f"{PORT}/tcp": {}},
            "HostConfig": {
                "PortBindings": {f"{PORT}/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(PORT)}]},
                "Binds": [f"{workdir}:/var/longhorn-work"],
                "RestartPolicy": {"Name": "unless-stopped"},
            },
        }
        _, info = self.call("POST", "/containers/create", body=spec, query=f"name={name}")
        return info["Id"]

    def start(self, cid):
        self.call("POST", f"/containers/{cid}/start")

    def stop_remove(self, name):
        self.call("POST", f"/containers/{name}/stop", query="t=10")
        self.call("DELETE", f"/containers/{name}", query="force=true")


def wait_http(timeout=90):
    url = f"http://127.0.0.1:{PORT}/okapi-longhorn/projects"
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=3):
                return True
        except OSError:
            time.sleep(2)
    return False


def up(engine, workdir):
    workdir.mkdir(parents=True, exist_ok=True)
    info = engine.inspect(NAME)
    if info and info["State"]["Running"]:
        log.info("%s already running", NAME)
        return 0
    if info is None:
        log.info("pulling %s", IMAGE)
        engine.pull(IMAGE)
        cid = engine.create(NAME, IMAGE, str(workdir.resolve()))
    else:
        cid = info["Id"]
    engine.start(cid)
    if not wait_http():
        log.error("Longhorn did not answer on port %d", PORT)
        return 1
    log.info("Longhorn ready at http://127.0.0.1:%d/okapi-longhorn/", PORT)
    return 0


def main():
    ap = argparse.ArgumentParser(description="Manage the Okapi Longhorn container")
    ap.add_argument("action", choices=("up", "down", "status"))
    ap.add_argument("--projects", type=Path, default=Path("longhorn-work"))
    ap.add_argument("--socket", default=DOCKER_SOCK)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    engine = Engine(args.socket)
    try:
        if args.action == "up":
            return up(engine, args.projects)
        if args.action == "down":
            engine.stop_remove(NAME)
            log.info("removed %s", NAME)
            return 0
        info = engine.inspect(NAME)
        print("running" if info and info["State"]["Running"] else "stopped")
        return 0
    except (OSError, RuntimeError) as exc:
        log.error("docker engine error: %s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
