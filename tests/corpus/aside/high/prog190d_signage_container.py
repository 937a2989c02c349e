#!/usr/bin/env python3
"""(Re)start the poolside digital signage container.

The signage screens show water temperature, lane allocation and the cafe
menu. The player runs in a container; this talks to the local Docker engine
directly (no docker CLI on the signage box) to recreate it with the latest
content directory.
"""
import argparse
import http.client
import json
import logging
import os
import socket
from pathlib import Path

LOG = logging.getLogger("signage")

ENGINE = os.environ.get("DOCKER_SOCK", "/" + "/".join(("var", "run", "docker.sock")))
IMAGE = os.environ.get("SIGNAGE_IMAGE", "registry.example.com/lido/signage-player:2.4")
NAME = "lido-signage"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost", timeout=30)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        return resp.status, (json.loads(data) if data.strip() else None)

    def ops(self):
        return {
            "pull": lambda img: self.call("POST", f"/images/create?fromImage={img}"),
            "remove": lambda n: self.call("DELETE", f"/containers/{n}?force=true"),
            "create": lambda n, spec: self.call("POST", f"/containers/create?name={n}", spec),
            "start": lambda n: self.call("POST", f"/containers/{n}/start"),
        }


def spec_for(content: Path, port: int):
    return {
        "Image": IMAGE,
        "Env": [f"LIDO_SITE={os.environ.get('LIDO_SITE', 'riverside')}"],
        "ExposedPorts": {"8080/tcp": {}},
        "HostConfig": {
            "Binds": [f"{content.resolve()}:/srv/content:ro"],
            "PortBindings": {"8080/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(port)}]},
            "RestartPolicy": {"Name": "unless-stopped"},
        },
    }


def main():
    ap = argparse.ArgumentParser(description="Recreate the signage player container")
    ap.add_argument("--content", type=Path, default=Path("signage_content"))
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--skip-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    ops = Engine(ENGINE).ops()
    if not args.skip_pull:
        LOG.info("pull %s -> %s", IMAGE, ops["pull"](IMAGE)[0])
    LOG.info("remove old -> %s", ops["remove"](NAME)[0])
    status, body = ops["create"](NAME, spec_for(args.content, args.port))
    if status >= 300:
        raise SystemExit(f"create failed: {status} {body}")
    LOG.info("created %s", body.get("Id", "?")[:12])
    LOG.info("start -> %s", ops["start"](NAME)[0])


if __name__ == "__main__":
    main()
