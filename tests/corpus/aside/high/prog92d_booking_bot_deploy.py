#!/usr/bin/env python3
"""Deploy (or redeploy) the society room-booking chat bot on the society server.

Reads deploy.json, builds the bot's environment from it and from the
current shell (BOT_TOKEN, ROOMS_API_KEY), replaces any running instance and
waits for its /healthz endpoint to answer.

    booking_bot_deploy.py [--config deploy.json] [--tag 2024.10.2]
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time

log = logging.getLogger("deploy")

DEFAULTS = {
    "name": "roombot",
    "image": "ghcr.io/example-su/roombot",
    "tag": "latest",
    "port": 8087,
    "health_path": "/healthz",
    "env": {"ROOMS_API": "https://rooms.su.example.ac.uk/api/v1", "LOG_LEVEL": "info"},
}
PASSTHROUGH = ("BOT_TOKEN", "ROOMS_API_KEY")


class EngineConnection(http.client.HTTPConnection):
    """HTTP over the container engine's local socket."""

    def __init__(self, path="/var/run/docker.sock", timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self.sock_path)


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None, ok=(200, 201, 204, 304)):
        conn = EngineConnection(self.sock_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, "/v1.43" + path,
                     body=json.dumps(body) if body is not None else None, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status == 404 and 404 not in ok:
            return None
        if resp.status not in ok:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data.strip().startswith(b"{") else data


def load_config(path):
    cfg = json.loads(json.dumps(DEFAULTS))
    if os.path.exists(path):
        with open(path) as fh:
            user = json.load(fh)
        cfg["env"].update(user.pop("env", {}))
        cfg.update(user)
    return cfg


def build_env(cfg):
    env = dict(cfg["env"])
    for name in PASSTHROUGH:
        if not os.environ.get(name):
            raise SystemExit(f"{name} must be set in the environment")
        env[name] = os.environ[name]
    env["PORT"] = str(cfg["port"])
    return env


def wait_healthy(port, path, attempts=20):
    for i in range(attempts):
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=3)
            conn.request("GET", path)
            if conn.getresponse().status == 200:
                return True
        except OSError:
            pass
        time.sleep(min(2 + i, 6))
    return False


def deploy(cfg, engine):
    image = f"{cfg['image']}:{cfg['tag']}"
    log.info("pulling %s", image)
    engine.call("POST", f"/images/create?fromImage={cfg['image']}&tag={cfg['tag']}")

    if engine.call("GET", f"/containers/{cfg['name']}/json") is not None:
        log.info("replacing running %s", cfg["name"])
        engine.call("POST", f"/containers/{cfg['name']}/stop?t=10")
        engine.call("DELETE", f"/containers/{cfg['name']}")

    env = build_env(cfg)
    spec = {
        "Image": image,
        "Env": [f"{k}={v}" for k, v in env.items()],
        "ExposedPorts": {f"{cfg['port']}/tcp": {}},
        "HostConfig": {
            "PortBindings": {f"{cfg['port']}/tcp": [{"HostIp": "127.0.0.1",
                                                     "HostPort": str(cfg["port"])}]},
            "RestartPolicy": {"Name": "unless-stopped"},
        },
    }
    created = engine.call("POST", f"/containers/create?name={cfg['name']}", spec)
    engine.call("POST", f"/containers/{created['Id']}/start")
    log.info("started %s (%s)", cfg["name"], created["Id"][:12])


def main():
    ap = argparse.ArgumentParser(description="deploy the room-booking bot")
    ap.add_argument("--config", default="deploy.json")
    ap.add_argument("--tag")
    ap.add_argument("--socket", default=os.environ.get("ENGINE_SOCKET", "/var/run/docker.sock"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    cfg = load_config(args.config)
    if args.tag:
        cfg["tag"] = args.tag
    try:
        deploy(cfg, Engine(args.socket))
    except (OSError, RuntimeError) as exc:
        log.error("deploy failed: %s", exc)
        return 1
    if not wait_healthy(cfg["port"], cfg["health_path"]):
        log.error("bot did not become healthy")
        return 1
    log.info("roombot is up on port %s", cfg["port"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
