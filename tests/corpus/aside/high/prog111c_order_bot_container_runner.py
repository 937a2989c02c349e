#!/usr/bin/env python3
"""Run the supplier order bot in a container on the workroom PC.

Pulls the order bot image, (re)creates a container with the order data
folder mounted, starts it and follows its log. Talks to the local Docker
engine directly so the PC only needs the engine, not the docker CLI.

    order_bot_runner.py --image ghcr.io/curtainworks/order-bot:1.8
    order_bot_runner.py --stop
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

log = logging.getLogger("order-bot-runner")

CONTAINER_NAME = "curtainworks-order-bot"
DEFAULT_IMAGE = "ghcr.io/curtainworks/order-bot:1.8"
ENGINE_SOCKET = os.environ.get("ENGINE_SOCKET", "/var/run/docker.sock")
API = "/v1.43"


class EngineConnection(http.client.HTTPConnection):
    """HTTP over the engine's local unix socket."""

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

    def call(self, method, url, body=None, stream=False):
        conn = EngineConnection(self.path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, API + url, body=json.dumps(body) if body is not None else None,
                     headers=headers)
        resp = conn.getresponse()
        if stream:
            return resp
        data = resp.read()
        if resp.status >= 400 and resp.status != 404:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:300]!r}")
        return resp.status, (json.loads(data) if data.strip().startswith(b"{") else data)

    def pull(self, image):
        repo, _, tag = image.rpartition(":")
        resp = self.call("POST", f"/images/create?fromImage={quote(repo)}&tag={quote(tag)}", stream=True)
        for line in resp:
            try:
                msg = json.loads(line)
            except ValueError:
                continue
            if "error" in msg:
                raise RuntimeError(msg["error"])
            if msg.get("status", "").startswith(("Digest", "Status")):
                log.info(msg["status"])

    def remove(self, name):
        status, _ = self.call("DELETE", f"/containers/{name}?force=true")
        if status != 404:
            log.info("removed old container %s", name)

    def create(self, name, image, env, data_dir):
        spec = {
            "Image": image,
            "Env": [f"{k}={v}" for k, v in env.items()],
            "HostConfig": {
                "Binds": [f"{data_dir}:/app/data"],
                "RestartPolicy": {"Name": "unless-stopped"},
            },
            "Labels": {"com.curtainworks.role": "order-bot"},
        }
        _, info = self.call("POST", f"/containers/create?name={name}", body=spec)
        return info["Id"]

    def start(self, cid):
        self.call("POST", f"/containers/{cid}/start")

    def logs(self, cid, seconds):
        resp = self.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1&follow=1&tail=20",
                         stream=True)
        deadline = time.time() + seconds
        while time.time() < deadline:
            header = resp.read(8)
            if len(header) < 8:
                break
            size = int.from_bytes(header[4:], "big")
            sys.stdout.write(resp.read(size).decode(errors="replace"))


def read_env_file(path):
    env = {}
    if path.exists():
        for line in path.read_text().splitlines():
            line = line.strip()
            if line and not line.startswith("#") and "=" in line:
                k, v = line.split("=", 1)
                env[k.strip()] = v.strip().strip('"')
    return env


def main(argv=None):
    ap = argparse.ArgumentParser(description="Run the order bot container")
    ap.add_argument("--image", default=DEFAULT_IMAGE)
    ap.add_argument("--data", type=Path, default=Path("orders"))
    ap.add_argument("--env-file", type=Path, default=Path("orderbot.env"))
    ap.add_argument("--follow", type=int, default=30, help="seconds of log to show")
    ap.add_argument("--stop", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not Path(ENGINE_SOCKET).exists():
        log.error("container engine socket %s not found", ENGINE_SOCKET)
        return 1
    engine = Engine(ENGINE_SOCKET)
    try:
        engine.remove(CONTAINER_NAME)
        if args.stop:
            return 0
        args.data.mkdir(exist_ok=True)
        engine.pull(args.image)
        cid = engine.create(CONTAINER_NAME, args.image, read_env_file(args.env_file),
                            str(args.data.resolve()))
        engine.start(cid)
        log.info("order bot running as %s", cid[:12])
        if args.follow:
            engine.logs(cid, args.follow)
    except (OSError, RuntimeError) as exc:
        log.error("%s", exc)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
