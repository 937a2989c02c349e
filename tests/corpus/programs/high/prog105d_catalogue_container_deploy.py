#!/usr/bin/env python3
"""(Re)deploy the shop's stock catalogue web app on the back-office server.

Pulls the requested image tag, stops and removes the running catalogue
container, and starts a fresh one with the shop's data folder mounted and
the web port published.  Talks to the Docker Engine API directly so the
back-office box does not need the docker CLI or the docker SDK installed.

    catalogue_container_deploy.py --tag 2.3.1
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

log = logging.getLogger("deploy")

ENGINE_SOCKET = os.environ.get("DOCKER_HOST", "unix:///var/run/docker.sock").replace("unix://", "")
API = "/v1.43"
IMAGE = "registry.hobbyshop.example.org/stock-catalogue"
NAME = "stock-catalogue"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=120):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self.unix_path)


class Engine:
    def __init__(self, path):
        self.path = path

    def call(self, method, url, body=None, ok=(200, 201, 204, 304)):
        conn = UnixHTTPConnection(self.path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, API + url, body=json.dumps(body) if body is not None else None,
                     headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status == 404 and 404 not in ok:
            return None
        if resp.status not in ok:
            raise RuntimeError(f"{method} {url}: {resp.status} {raw[:200]!r}")
        if not raw:
            return {}
        try:
            return json.loads(raw)
        except json.JSONDecodeError:
            # image pulls stream one JSON object per line
            return [json.loads(l) for l in raw.splitlines() if l.strip()]

    def pull(self, image, tag):
        events = self.call("POST", f"/images/create?fromImage={quote(image)}&tag={quote(tag)}")
        for ev in events or []:
            if "error" in ev:
                raise RuntimeError(ev["error"])
        log.info("pulled %s:%s", image, tag)

    def remove_existing(self, name):
        info = self.call("GET", f"/containers/{name}/json")
        if info is None:
            return
        if info.get("State", {}).get("Running"):
            self.call("POST", f"/containers/{name}/stop?t=20")
            log.info("stopped old %s (%s)", name, info["Config"]["Image"])
        self.call("DELETE", f"/containers/{name}")

    def run(self, name, image, port, data_dir, env):
        spec = {
            "Image": image,
            "Env": [f"{k}={v}" for k, v in env.items()],
            "ExposedPorts": {"8000/tcp": {}},
            "HostConfig": {
                "PortBindings": {"8000/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(port)}]},
                "Binds": [f"{data_dir}:/app/data"],
                "RestartPolicy": {"Name": "unless-stopped"},
            },
        }
        created = self.call("POST", f"/containers/create?name={name}", spec)
        self.call("POST", f"/containers/{created['Id']}/start")
        return created["Id"]

    def wait_healthy(self, cid, seconds=60):
        deadline = time.time() + seconds
        while time.time() < deadline:
            state = self.call("GET", f"/containers/{cid}/json")["State"]
            health = state.get("Health", {}).get("Status", "none")
            if not state["Running"]:
                raise RuntimeError(f"container exited with code {state['ExitCode']}")
            if health in ("healthy", "none"):
                return health
            time.sleep(2)
        raise RuntimeError("container never became healthy")


def main():
    ap = argparse.ArgumentParser(description="Deploy the stock catalogue container")
    ap.add_argument("--tag", default="latest")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--data", type=Path, default=Path("data").resolve())
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not Path(ENGINE_SOCKET).exists():
        log.error("docker engine socket %s not found", ENGINE_SOCKET)
        return 1
    args.data.mkdir(exist_ok=True)
    env = {"CATALOGUE_DB": "/app/data/catalogue.sqlite",
           "SHOP_NAME": os.environ.get("SHOP_NAME", "Junction Models")}

    engine = Engine(ENGINE_SOCKET)
    try:
        engine.pull(IMAGE, args.tag)
        engine.remove_existing(NAME)
        cid = engine.run(NAME, f"{IMAGE}:{args.tag}", args.port, args.data, env)
        status = engine.wait_healthy(cid)
    except (OSError, RuntimeError) as exc:
        log.error("deploy failed: %s", exc)
        return 1
    log.info("%s %s running (%s), health=%s, http://127.0.0.1:%d/",
             NAME, args.tag, cid[:12], status, args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
