#!/usr/bin/env python3
"""Deploy the yard delivery board on the gatehouse PC.

The delivery board (today's truck slots, bay assignments and load status)
ships as a container image. This tool pulls the requested tag, replaces
the running board container and waits for its health check, talking to
the local Docker Engine API directly so the gatehouse PC does not need the
docker CLI installed.
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

log = logging.getLogger("board-deploy")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self._sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path=DOCKER_SOCK):
        self.sock_path = sock_path

    def call(self, method, path, body=None, ok=(200, 201, 204, 304), stream=False):
        conn = UnixHTTPConnection(self.sock_path, timeout=600 if stream else 60)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, API + path, body=json.dumps(body) if body is not None else None,
                     headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status == 404:
            return None
        if resp.status not in ok:
            raise RuntimeError(f"{method} {path}: {resp.status} {raw[:200]!r}")
        if stream:
            return [json.loads(line) for line in raw.splitlines() if line.strip()]
        return json.loads(raw) if raw else {}

    def pull(self, image, tag):
        events = self.call("POST", f"/images/create?fromImage={quote(image)}&tag={quote(tag)}",
                           stream=True) or []
        errors = [e["error"] for e in events if "error" in e]
        if errors:
            raise RuntimeError("pull failed: " + errors[-1])
        log.info("pulled %s:%s", image, tag)

    def remove(self, name):
        if self.call("GET", f"/containers/{name}/json") is None:
            return
        self.call("POST", f"/containers/{name}/stop?t=10")
        self.call("DELETE", f"/containers/{name}?force=true")
        log.info("removed old container %s", name)

    def run(self, name, image, port, data_dir, env):
        spec = {
            "Image": image,
            "Env": [f"{k}={v}" for k, v in env.items()],
            "ExposedPorts": {"8080/tcp": {}},
            "Healthcheck": {"Test": ["CMD", "wget", "-qO-", "http://127.0.0.1:8080/health"],
                            "Interval": 5_000_000_000, "Retries": 6},
            "HostConfig": {
                "PortBindings": {"8080/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(port)}]},
                "Binds": [f"{data_dir}:/srv/board/data"],
                "RestartPolicy": {"Name": "unless-stopped"},
            },
        }
        created = self.call("POST", f"/containers/create?name={quote(name)}", body=spec)
        self.call("POST", f"/containers/{created['Id']}/start")
        return created["Id"]

    def wait_healthy(self, cid, timeout=90):
        deadline = time.time() + timeout
        while time.time() < deadline:
            state = self.call("GET", f"/containers/{cid}/json")["State"]
            health = state.get("Health", {}).get("Status", "none")
            if health == "healthy":
                return True
            if not state.get("Running"):
                return False
            time.sleep(3)
        return False


def read_env_file(path):
    env = {}
    if path and Path(path).exists():
        for line in Path(path).read_text().splitlines():
            if line.strip() and not line.startswith("#") and "=" in line:
                k, v = line.split("=", 1)
                env[k.strip()] = v.strip()
    return env


def main():
    ap = argparse.ArgumentParser(description="Deploy the yard delivery board container")
    ap.add_argument("--image", default="registry.sawmill.internal/yard/delivery-board")
    ap.add_argument("--tag", default="stable")
    ap.add_argument("--name", default="delivery-board")
    ap.add_argument("--port", type=int, default=8088)
    ap.add_argument("--data-dir", default=str(Path.home() / "delivery-board" / "data"))
    ap.add_argument("--env-file", default="board.env")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    engine = Engine()
    Path(args.data_dir).mkdir(parents=True, exist_ok=True)
    try:
        info = engine.call("GET", "/version")
        log.info("engine %s on %s", info.get("Version"), info.get("Os"))
        engine.pull(args.image, args.tag)
        engine.remove(args.name)
        cid = engine.run(args.name, f"{args.image}:{args.tag}", args.port, args.data_dir,
                         read_env_file(args.env_file))
    except (OSError, RuntimeError, KeyError) as exc:
        log.error("deploy failed: %s", exc)
        return 1
    if engine.wait_healthy(cid):
        log.info("board is up on http://127.0.0.1:%d", args.port)
        return 0
    log.error("board did not become healthy; check the container logs")
    return 1


if __name__ == "__main__":
    sys.exit(main())
