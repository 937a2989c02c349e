#!/usr/bin/env python3
"""Launch (or replace) the order-sync worker container on the shop server.

Each of our ice cream shops runs its web-shop order sync in a container.
This launcher pulls the requested image tag, stops the old worker, creates a
new one with the shop's env file and starts it, talking to the local Docker
Engine API directly so it works on the small servers without the docker CLI.
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

log = logging.getLogger("launcher")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None, query=None, expect=(200, 201, 204)):
        url = API + path + ("?" + urllib.parse.urlencode(query) if query else "")
        conn = UnixHTTPConnection(self.sock_path, timeout=300)
        try:
            headers = {"Content-Type": "application/json"} if body is not None else {}
            conn.request(method, url, json.dumps(body) if body is not None else None, headers)
            resp = conn.getresponse()
            data = resp.read()
        finally:
            conn.close()
        if resp.status not in expect:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:300]!r}")
        if data and resp.getheader("Content-Type", "").startswith("application/json"):
            return json.loads(data)
        return data

    def pull(self, image, tag):
        self.call("POST", "/images/create", query={"fromImage": image, "tag": tag})

    def remove_if_exists(self, name):
        try:
            self.call("POST", f"/containers/{name}/stop", query={"t": 20}, expect=(204, 304))
        except RuntimeError as exc:
            if "404" not in str(exc):
                raise
            return
        self.call("DELETE", f"/containers/{name}", expect=(204,))

    def create(self, name, spec):
        return self.call("POST", "/containers/create", body=spec, query={"name": name})["Id"]

    def start(self, cid):
        self.call("POST", f"/containers/{cid}/start", expect=(204, 304))

    def state(self, cid):
        return self.call("GET", f"/containers/{cid}/json")["State"]


def read_env_file(path):
    env = []
    with open(path) as fh:
        for line in fh:
            line = line.strip()
            if line and not line.startswith("#") and "=" in line:
                env.append(line)
    return env


def container_spec(image, tag, env, shop):
    return {
        "Image": f"{image}:{tag}",
        "Env": env + [f"SHOP_ID={shop}"],
        "Labels": {"com.parlour.role": "order-sync", "com.parlour.shop": shop},
        "HostConfig": {
            "RestartPolicy": {"Name": "unless-stopped"},
            "Binds": [f"{os.path.abspath('state')}:/app/state"],
            "Memory": 256 * 1024 * 1024,
            "LogConfig": {"Type": "json-file", "Config": {"max-size": "10m", "max-file": "3"}},
        },
    }


def main():
    ap = argparse.ArgumentParser(description="launch the order-sync worker")
    ap.add_argument("--shop", required=True, help="shop id, e.g. gent-korenmarkt")
    ap.add_argument("--image", default="registry.parlour.example/order-sync")
    ap.add_argument("--tag", default="stable")
    ap.add_argument("--env-file", default="worker.env")
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    name = f"order-sync-{args.shop}"
    engine = Engine(DOCKER_SOCK)
    try:
        env = read_env_file(args.env_file)
        os.makedirs("state", exist_ok=True)
        if not args.no_pull:
            log.info("pulling %s:%s", args.image, args.tag)
            engine.pull(args.image, args.tag)
        engine.remove_if_exists(name)
        cid = engine.create(name, container_spec(args.image, args.tag, env, args.shop))
        engine.start(cid)
        time.sleep(3)
        st = engine.state(cid)
    except (OSError, RuntimeError, KeyError) as exc:
        log.error("launch failed: %s", exc)
        return 1
    log.info("%s %s (id %s)", name, st.get("Status"), cid[:12])
    return 0 if st.get("Running") else 1


if __name__ == "__main__":
    sys.exit(main())
