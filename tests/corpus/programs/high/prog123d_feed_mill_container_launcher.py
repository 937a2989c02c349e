#!/usr/bin/env python3
"""Start the feed-mill PLC bridge on the farm gateway.

The bridge container talks Modbus RTU to the mill's mixer and the silo load
cells over the gateway's RS-485 hats, and serves the feed order planner.
This launcher (re)creates the container straight through the Docker Engine
API so it works on gateways without the docker CLI installed.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time

log = logging.getLogger("millbridge")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
IMAGE = os.environ.get("MILLBRIDGE_IMAGE", "registry.agrimill.io/millbridge:3.4")
NAME = "millbridge"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self._path)
        self.sock = sock


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None, ok=(200, 201, 204, 304)):
        conn = UnixHTTPConnection(self.sock_path)
        try:
            payload = json.dumps(body).encode() if body is not None else None
            conn.request(method, "/v1.43" + path, body=payload,
                         headers={"Content-Type": "application/json"} if payload else {})
            resp = conn.getresponse()
            data = resp.read()
            if resp.status not in ok:
                raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
            return json.loads(data) if data.strip().startswith((b"{", b"[")) else data
        finally:
            conn.close()


def container_spec(args):
    env = [f"MODBUS_PORT={args.rs485}", f"SILOS={args.silos}", f"PLANNER_URL={args.planner}"]
    return {
        "Image": IMAGE,
        "Env": env,
        "ExposedPorts": {"8502/tcp": {}},
        "HostConfig": {
            "Privileged": True,
            "NetworkMode": "host",
            "RestartPolicy": {"Name": "unless-stopped"},
            "Binds": ["/dev:/dev", "/var/lib/millbridge:/data"],
        },
        "Labels": {"farm.role": "feed-mill"},
    }


def replace_container(engine, spec):
    try:
        engine.call("DELETE", f"/containers/{NAME}?force=true", ok=(204, 404))
    except RuntimeError as exc:
        log.warning("could not remove old container: %s", exc)
    log.info("pulling %s", IMAGE)
    repo, _, tag = IMAGE.rpartition(":")
    engine.call("POST", f"/images/create?fromImage={repo}&tag={tag}")
    created = engine.call("POST", f"/containers/create?name={NAME}", spec)
    cid = created["Id"]
    engine.call("POST", f"/containers/{cid}/start")
    return cid


def wait_healthy(engine, cid, timeout=60):
    deadline = time.time() + timeout
    while time.time() < deadline:
        info = engine.call("GET", f"/containers/{cid}/json")
        state = info.get("State", {})
        if state.get("Running"):
            return True
        if state.get("ExitCode"):
            log.error("bridge exited with %s", state["ExitCode"])
            return False
        time.sleep(2)
    return False


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--rs485", default="/dev/ttyAMA1")
    ap.add_argument("--silos", default="S1,S2,S3,S4")
    ap.add_argument("--planner", default="http://127.0.0.1:8600")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    engine = Engine(DOCKER_SOCK)
    try:
        engine.call("GET", "/_ping")
        cid = replace_container(engine, container_spec(args))
    except (OSError, RuntimeError, KeyError) as exc:
        log.error("docker engine: %s", exc)
        return 1
    if wait_healthy(engine, cid):
        log.info("millbridge running (%s)", cid[:12])
        return 0
    return 1


if __name__ == "__main__":
    sys.exit(main())
