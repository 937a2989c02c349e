#!/usr/bin/env python3
"""Launch the lobby display container.

The screens in the spa lobby show the sauna ritual schedule and pool
temperatures. The display app ships as a container image; this launcher
talks to the local Docker engine to (re)start it with access to the HDMI
output and the GPU.
"""

import argparse
import http.client
import json
import logging
import socket
import time

log = logging.getLogger("lobby_display")

ENGINE_SOCK = "/".join(["", "var", "run", "docker" + ".sock"])
IMAGE = "registry.example.com/spa/lobby-display:3.2"
NAME = "lobby-display"


class EngineConnection(http.client.HTTPConnection):
    """HTTP over the engine's unix socket."""

    def __init__(self, path):
        super().__init__("localhost")
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, path=ENGINE_SOCK):
        self.path = path

    def call(self, method, url, body=None):
        conn = EngineConnection(self.path)
        headers = {"Content-Type": "application/json"}
        payload = json.dumps(body).encode() if body is not None else None
        conn.request(method, url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400 and resp.status != 404:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return resp.status, (json.loads(data) if data else None)

    def remove(self, name):
        status, _ = self.call("DELETE", f"/containers/{name}?force=true")
        return status

    def pull(self, image):
        repo, _, tag = image.rpartition(":")
        self.call("POST", f"/images/create?fromImage={repo}&tag={tag}")

    def run(self, name, image, env):
        host_cfg = {
            "Privileged": True,
            "NetworkMode": "host",
            "Binds": ["/tmp/.X11-unix:/tmp/.X11-unix", "/dev/dri:/dev/dri"],
            "RestartPolicy": {"Name": "unless-stopped"},
        }
        spec = {"Image": image, "Env": [f"{k}={v}" for k, v in env.items()], "HostConfig": host_cfg}
        _, created = self.call("POST", f"/containers/create?name={name}", spec)
        self.call("POST", f"/containers/{created['Id']}/start")
        return created["Id"]


def wait_running(engine, name, timeout=30):
    deadline = time.time() + timeout
    while time.time() < deadline:
        status, info = engine.call("GET", f"/containers/{name}/json")
        if status == 200 and info and info.get("State", {}).get("Running"):
            return True
        time.sleep(1)
    return False


def main():
    ap = argparse.ArgumentParser(description="(Re)start the lobby display container")
    ap.add_argument("--image", default=IMAGE)
    ap.add_argument("--screen", default=":0")
    ap.add_argument("--schedule-url", default="https://booking.example.com/api/rituals")
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    engine = Engine()
    try:
        if not args.no_pull:
            engine.pull(args.image)
        engine.remove(NAME)
        cid = engine.run(NAME, args.image, {"DISPLAY": args.screen, "SCHEDULE_URL": args.schedule_url})
    except (OSError, RuntimeError) as exc:
        log.error("engine error: %s", exc)
        return 1
    log.info("started %s (%s)", NAME, cid[:12])
    if not wait_running(engine, NAME):
        log.error("container did not come up")
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
