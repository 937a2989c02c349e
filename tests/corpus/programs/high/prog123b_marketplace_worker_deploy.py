#!/usr/bin/env python3
"""Deploy the headless-browser marketplace worker container on the shop server.

The worker logs into eBay / Etsy / Catawiki seller dashboards with Chromium
and mirrors listing status back into the stock database.  This script talks
to the local Docker engine directly (no docker CLI on the box), pulls the
worker image, replaces any old container and starts the new one.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
from urllib.parse import quote

log = logging.getLogger("worker-deploy")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
CONTAINER = "marketplace-worker"


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
    def __init__(self, sock_path=DOCKER_SOCK):
        self.sock_path = sock_path

    def call(self, method, path, body=None, ok=(200, 201, 204, 304)):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"}
        payload = json.dumps(body) if body is not None else None
        conn.request(method, "/v1.43" + path, payload, headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        if data and resp.getheader("Content-Type", "").startswith("application/json"):
            return json.loads(data)
        return data

    def pull(self, image):
        name, _, tag = image.partition(":")
        self.call("POST", f"/images/create?fromImage={quote(name)}&tag={quote(tag or 'latest')}")

    def remove(self, name):
        try:
            self.call("DELETE", f"/containers/{name}?force=true", ok=(204,))
            log.info("removed old %s", name)
        except RuntimeError as exc:
            if "404" not in str(exc):
                raise

    def create(self, name, spec):
        return self.call("POST", f"/containers/create?name={name}", spec)["Id"]

    def start(self, cid):
        self.call("POST", f"/containers/{cid}/start")

    def state(self, cid):
        return self.call("GET", f"/containers/{cid}/json")["State"]


def worker_spec(image, env_file, data_dir):
    env = []
    if env_file and os.path.exists(env_file):
        with open(env_file, encoding="utf-8") as fh:
            env = [ln.strip() for ln in fh if ln.strip() and not ln.startswith("#")]
    return {
        "Image": image,
        "Env": env,
        "Labels": {"shop.role": "marketplace-worker"},
        "HostConfig": {
            # Chromium's sandbox needs namespaces the default profile blocks
            "Privileged": True,
            "ShmSize": 1 << 30,
            "Binds": [f"{os.path.abspath(data_dir)}:/data"],
            "RestartPolicy": {"Name": "unless-stopped"},
            "NetworkMode": "host",
        },
    }


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--image", default="registry.shop.lan/marketplace-worker:stable")
    ap.add_argument("--env-file", default="worker.env")
    ap.add_argument("--data-dir", default="worker_data")
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not os.path.exists(DOCKER_SOCK):
        log.error("docker socket %s not found", DOCKER_SOCK)
        return 2
    os.makedirs(args.data_dir, exist_ok=True)
    eng = Engine()
    try:
        if not args.no_pull:
            log.info("pulling %s", args.image)
            eng.pull(args.image)
        eng.remove(CONTAINER)
        cid = eng.create(CONTAINER, worker_spec(args.image, args.env_file, args.data_dir))
        eng.start(cid)
        for _ in range(10):
            st = eng.state(cid)
            if st.get("Running"):
                log.info("worker %s running (pid %s)", cid[:12], st.get("Pid"))
                return 0
            time.sleep(1)
        log.error("worker did not stay up: %s", st.get("Error") or st.get("Status"))
        return 1
    except (OSError, RuntimeError) as exc:
        log.error("deploy failed: %s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
