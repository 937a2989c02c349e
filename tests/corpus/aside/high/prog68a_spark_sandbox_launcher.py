#!/usr/bin/env python3
"""Start a throwaway single-node Spark container for testing jobs locally.

Talks to the Docker Engine API directly so it works on CI runners that have
the socket mounted but no docker CLI installed. The current directory is
mounted at /workspace and the Spark UI is published on the host.

    python spark_sandbox_launcher.py up --image bitnami/spark:3.5
    python spark_sandbox_launcher.py down
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

log = logging.getLogger("spark_sandbox")

CONTAINER_NAME = "spark-sandbox-" + os.environ.get("USER", "ci")
API_VERSION = "v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, socket_path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = socket_path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class Engine:
    def __init__(self, socket_path):
        self.socket_path = socket_path

    def call(self, method, path, body=None, ok=(200, 201, 204, 304)):
        conn = UnixHTTPConnection(self.socket_path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, f"/{API_VERSION}{path}", body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:300]!r}")
        return json.loads(data) if data.strip().startswith(b"{") else data

    def pull(self, image):
        repo, _, tag = image.partition(":")
        self.call("POST", f"/images/create?fromImage={quote(repo)}&tag={quote(tag or 'latest')}")


def container_spec(image, ui_port, memory_gb):
    workdir = os.getcwd()
    return {
        "Image": image,
        "Env": ["SPARK_MODE=master", "SPARK_RPC_AUTHENTICATION_ENABLED=no"],
        "WorkingDir": "/workspace",
        "ExposedPorts": {"8080/tcp": {}, "7077/tcp": {}},
        "Labels": {"owner": os.environ.get("USER", "ci"), "purpose": "spark-sandbox"},
        "HostConfig": {
            "Binds": [f"{workdir}:/workspace"],
            "PortBindings": {"8080/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(ui_port)}]},
            "Memory": int(memory_gb * 2**30),
            # executors need to tune shm and cgroups inside the sandbox
            "Privileged": True,
            "ShmSize": 2 * 2**30,
            "AutoRemove": False,
        },
    }


def up(engine, args):
    try:
        engine.call("DELETE", f"/containers/{CONTAINER_NAME}?force=true", ok=(204, 404))
    except RuntimeError as exc:
        log.debug("cleanup: %s", exc)
    log.info("pulling %s", args.image)
    engine.pull(args.image)
    created = engine.call("POST", f"/containers/create?name={CONTAINER_NAME}",
                          container_spec(args.image, args.ui_port, args.memory_gb))
    cid = created["Id"][:12]
    engine.call("POST", f"/containers/{cid}/start")
    for _ in range(30):
        state = engine.call("GET", f"/containers/{cid}/json")["State"]
        if state.get("Running"):
            log.info("sandbox %s running, UI on http://127.0.0.1:%d", cid, args.ui_port)
            return 0
        time.sleep(1)
    log.error("container did not start: %s", state)
    return 1


def down(engine, _args):
    engine.call("DELETE", f"/containers/{CONTAINER_NAME}?force=true", ok=(204, 404))
    log.info("removed %s", CONTAINER_NAME)
    return 0


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("action", choices=("up", "down"))
    p.add_argument("--image", default="bitnami/spark:3.5")
    p.add_argument("--ui-port", type=int, default=18080)
    p.add_argument("--memory-gb", type=float, default=4)
    p.add_argument("--socket", default=os.environ.get("DOCKER_SOCKET", "/var/run/docker.sock"))
    args = p.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    engine = Engine(args.socket)
    try:
        return up(engine, args) if args.action == "up" else down(engine, args)
    except (OSError, RuntimeError, KeyError) as exc:
        log.error("%s failed: %s", args.action, exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
