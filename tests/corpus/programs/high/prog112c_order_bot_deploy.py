#!/usr/bin/env python3
"""Roll out a new build of the restaurant order bot on the packing-shed server.

Talks to the local Docker Engine API directly (the shed box has no docker
CLI, only the engine), pulls the requested tag, replaces the running
`order-bot` container and checks it comes up healthy. Environment for the
container is read from ./order-bot.env.

    order_bot_deploy.py --tag 2024.06.2
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
from urllib.parse import quote

log = logging.getLogger("order_bot_deploy")

IMAGE = "registry.tidewater-shellfish.example.net/ops/order-bot"
NAME = "order-bot"
ENGINE = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")


class EngineConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self.sock_path)


class Engine:
    def __init__(self, path=ENGINE):
        self.path = path

    def call(self, method, url, body=None, stream=False, ok=(200, 201, 204)):
        conn = EngineConnection(self.path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, "/v1.43" + url,
                     body=json.dumps(body) if body is not None else None, headers=headers)
        resp = conn.getresponse()
        if stream and resp.status in ok:
            for line in resp:
                if line.strip():
                    yield json.loads(line)
            conn.close()
            return
        data = resp.read()
        conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:300]!r}")
        yield json.loads(data) if data else None

    def one(self, *a, **kw):
        return next(self.call(*a, **kw))


def read_env(path):
    env = []
    if path.exists():
        for line in path.read_text().splitlines():
            line = line.strip()
            if line and not line.startswith("#") and "=" in line:
                env.append(line)
    return env


def pull(engine, tag):
    last = None
    for event in engine.call("POST", f"/images/create?fromImage={quote(IMAGE)}&tag={quote(tag)}",
                             stream=True):
        if "error" in event:
            raise RuntimeError(event["error"])
        status = event.get("status")
        if status != last:
            log.info("pull: %s", status)
            last = status


def remove_old(engine):
    try:
        engine.one("POST", f"/containers/{NAME}/stop?t=20", ok=(204, 304))
        engine.one("DELETE", f"/containers/{NAME}", ok=(204,))
        log.info("removed previous %s container", NAME)
    except RuntimeError as exc:
        if "404" not in str(exc):
            raise


def create(engine, tag, env, port):
    spec = {
        "Image": f"{IMAGE}:{tag}",
        "Env": env,
        "Labels": {"farm.role": "orders", "farm.tag": tag},
        "ExposedPorts": {"8089/tcp": {}},
        "Healthcheck": {"Test": ["CMD", "wget", "-qO-", "http://127.0.0.1:8089/"],
                        "Interval": 10_000_000_000, "Retries": 3},
        "HostConfig": {
            "RestartPolicy": {"Name": "unless-stopped"},
            "PortBindings": {"8089/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(port)}]},
            "Binds": [f"{Path('orders').resolve()}:/app/orders"],
        },
    }
    created = engine.one("POST", f"/containers/create?name={NAME}", body=spec)
    engine.one("POST", f"/containers/{created['Id']}/start", ok=(204,))
    return created["Id"]


def wait_healthy(engine, cid, timeout=90):
    deadline = time.time() + timeout
    while time.time() < deadline:
        info = engine.one("GET", f"/containers/{cid}/json")
        health = info["State"].get("Health", {}).get("Status", "none")
        if health == "healthy":
            return True
        if not info["State"]["Running"]:
            log.error("container exited with %s", info["State"]["ExitCode"])
            return False
        time.sleep(3)
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tag", required=True)
    ap.add_argument("--env-file", type=Path, default=Path("order-bot.env"))
    ap.add_argument("--port", type=int, default=8089)
    ap.add_argument("--skip-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    engine = Engine()
    try:
        version = engine.one("GET", "/version")
        log.info("engine %s on %s", version["Version"], version["Os"])
        if not args.skip_pull:
            pull(engine, args.tag)
        remove_old(engine)
        cid = create(engine, args.tag, read_env(args.env_file), args.port)
    except (OSError, RuntimeError) as exc:
        log.error("deploy failed: %s", exc)
        return 1

    if wait_healthy(engine, cid):
        log.info("order-bot %s is healthy (%s)", args.tag, cid[:12])
        return 0
    log.error("order-bot %s did not become healthy", args.tag)
    return 1


if __name__ == "__main__":
    sys.exit(main())
