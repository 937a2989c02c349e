#!/usr/bin/env python3
"""Rental-shop kiosk redeploy.

The boot-fitting kiosk app runs as a container on the shop's mini PC. This
pulls the tagged release, replaces the running container and waits for the
health endpoint so the shop can be updated between rush hours without the
vendor's tooling.
"""

import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
import urllib.parse
import urllib.request

LOG = logging.getLogger("kiosk-redeploy")

ENGINE_SOCKET = os.environ.get("ENGINE_SOCKET", "/var/run/docker.sock")
API = "/v1.43"


class EngineConnection(http.client.HTTPConnection):
    """HTTP over the local engine's unix socket."""

    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


def engine(method, path, body=None, query=None, stream=False):
    conn = EngineConnection(ENGINE_SOCKET)
    url = API + path + ("?" + urllib.parse.urlencode(query) if query else "")
    payload = json.dumps(body) if body is not None else None
    conn.request(method, url, body=payload, headers={"Content-Type": "application/json"})
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    if resp.status >= 400 and resp.status != 404:
        raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
    if stream or not data:
        return resp.status, None
    return resp.status, json.loads(data)


def pull(image, tag):
    LOG.info("pulling %s:%s", image, tag)
    engine("POST", "/images/create", query={"fromImage": image, "tag": tag}, stream=True)


def replace(name, image, tag, port, env):
    status, info = engine("GET", f"/containers/{name}/json")
    if status != 404:
        LOG.info("stopping %s (%s)", name, info["Config"]["Image"])
        engine("POST", f"/containers/{name}/stop", query={"t": 10})
        engine("DELETE", f"/containers/{name}", query={"force": "true"})
    spec = {
        "Image": f"{image}:{tag}",
        "Env": [f"{k}={v}" for k, v in env.items()],
        "ExposedPorts": {f"{port}/tcp": {}},
        "HostConfig": {
            "PortBindings": {f"{port}/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(port)}]},
            "RestartPolicy": {"Name": "unless-stopped"},
            "Binds": [f"{os.path.abspath('kiosk-data')}:/data"],
        },
    }
    _, created = engine("POST", "/containers/create", body=spec, query={"name": name})
    engine("POST", f"/containers/{created['Id']}/start")
    return created["Id"]


def wait_healthy(port, deadline=90):
    url = f"http://127.0.0.1:{port}/healthz"
    end = time.time() + deadline
    while time.time() < end:
        try:
            with urllib.request.urlopen(url, timeout=3) as r:
                if r.status == 200:
                    return True
        except OSError:
            pass
        time.sleep(3)
    return False


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("tag", help="release tag, e.g. 2024.12.3")
    ap.add_argument("--image", default="registry.northridge-resort.example/rental/fitting-kiosk")
    ap.add_argument("--name", default="fitting-kiosk")
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--env-file", default="kiosk.env")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    env = {}
    if os.path.exists(args.env_file):
        with open(args.env_file, encoding="utf-8") as fh:
            for line in fh:
                if "=" in line and not line.lstrip().startswith("#"):
                    k, v = line.rstrip("\n").split("=", 1)
                    env[k.strip()] = v.strip()
    try:
        pull(args.image, args.tag)
        cid = replace(args.name, args.image, args.tag, args.port, env)
    except (OSError, RuntimeError) as exc:
        LOG.error("redeploy failed: %s", exc)
        return 1
    LOG.info("started %s", cid[:12])
    if not wait_healthy(args.port):
        LOG.error("kiosk did not become healthy")
        return 2
    LOG.info("kiosk %s is live", args.tag)
    return 0


if __name__ == "__main__":
    sys.exit(main())
