#!/usr/bin/env python3
"""Start the previsualiser container on the desk PC.

The visualiser runs in a container so the desk PC does not need its GPU
driver stack installed natively. It needs the USB-DMX interface and the
GPU inside the container, so it is started privileged with the device
nodes passed through. Talks to the Docker Engine API over its socket.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

DOCKER_SOCK = "/var/run/docker.sock"
IMAGE = "registry.example.com/lx/visualiser:2.4"
NAME = "lx-visualiser"
LOG = logging.getLogger("visualiser")


class DockerSocketConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 30.0):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self.sock_path)


class Docker:
    def __init__(self, path: str = DOCKER_SOCK):
        self.path = path

    def call(self, method: str, url: str, body=None):
        conn = DockerSocketConnection(self.path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, url, json.dumps(body) if body is not None else None, headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: HTTP {resp.status} {data[:200]!r}")
        return json.loads(data) if data else None

    def find(self, name: str):
        flt = json.dumps({"name": [name]})
        from urllib.parse import quote
        found = self.call("GET", f"/containers/json?all=1&filters={quote(flt)}")
        return found[0] if found else None


def container_spec(devices: list, show_dir: str) -> dict:
    return {
        "Image": IMAGE,
        "Env": ["DISPLAY=:0", "VIS_UNIVERSES=8"],
        "HostConfig": {
            "Privileged": True,
            "Devices": [{"PathOnHost": d, "PathInContainer": d,
                         "CgroupPermissions": "rwm"} for d in devices],
            "Binds": ["/tmp/.X11-unix:/tmp/.X11-unix:ro", f"{show_dir}:/shows:ro"],
            "PortBindings": {"8085/tcp": [{"HostIp": "127.0.0.1", "HostPort": "8085"}]},
            "RestartPolicy": {"Name": "no"},
        },
        "ExposedPorts": {"8085/tcp": {}},
    }


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Start/stop the LX visualiser container")
    ap.add_argument("action", choices=["start", "stop", "status"])
    ap.add_argument("--device", action="append", default=["/dev/ttyUSB0", "/dev/dri"])
    ap.add_argument("--shows", default="./shows")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    docker = Docker()
    try:
        existing = docker.find(NAME)
        if args.action == "status":
            print(existing["State"] if existing else "not created")
            return 0
        if args.action == "stop":
            if existing:
                docker.call("POST", f"/containers/{existing['Id']}/stop")
                docker.call("DELETE", f"/containers/{existing['Id']}")
                LOG.info("stopped and removed %s", NAME)
            return 0
        if existing:
            LOG.info("removing old %s container", NAME)
            docker.call("DELETE", f"/containers/{existing['Id']}?force=1")
        from os.path import abspath
        created = docker.call("POST", f"/containers/create?name={NAME}",
                              container_spec(args.device, abspath(args.shows)))
        docker.call("POST", f"/containers/{created['Id']}/start")
        LOG.info("visualiser running: http://127.0.0.1:8085/")
    except (OSError, RuntimeError) as exc:
        LOG.error("docker: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
