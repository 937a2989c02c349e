#!/usr/bin/env python3
"""Redeploy the harp web-shop container on the workshop server.

The shop (catalogue, custom-harp configurator, order form) runs as a single
container.  After a new image is published this tool talks to the Docker
Engine API over its local socket: pulls the tag, replaces the running
container with one from the new image and checks that it comes up.
"""

import argparse
import http.client
import json
import logging
import socket
import sys
import time
import urllib.parse

DOCKER_SOCK = "/var/run/docker.sock"
log = logging.getLogger("redeploy")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self.sock_path)


class DockerAPI:
    def __init__(self, sock_path=DOCKER_SOCK):
        self.sock_path = sock_path

    def call(self, method, path, body=None, ok=(200, 201, 204, 304)):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"}
        payload = json.dumps(body) if body is not None else None
        conn.request(method, "/v1.43" + path, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        if data and resp.getheader("Content-Type", "").startswith("application/json"):
            return json.loads(data)
        return data

    def pull(self, image, tag):
        q = urllib.parse.urlencode({"fromImage": image, "tag": tag})
        self.call("POST", f"/images/create?{q}")

    def find(self, name):
        q = urllib.parse.quote(json.dumps({"name": [name]}))
        found = self.call("GET", f"/containers/json?all=1&filters={q}")
        return found[0] if found else None

    def remove(self, cid):
        self.call("POST", f"/containers/{cid}/stop?t=15", ok=(204, 304))
        self.call("DELETE", f"/containers/{cid}", ok=(204,))

    def create(self, name, image, port, env):
        spec = {
            "Image": image,
            "Env": [f"{k}={v}" for k, v in env.items()],
            "ExposedPorts": {"8000/tcp": {}},
            "HostConfig": {
                "PortBindings": {"8000/tcp": [{"HostIp": "127.0.0.1",
                                               "HostPort": str(port)}]},
                "RestartPolicy": {"Name": "unless-stopped"},
                "Binds": ["harpshop-media:/app/media"],
            },
        }
        res = self.call("POST", f"/containers/create?name={name}", spec)
        return res["Id"]

    def start(self, cid):
        self.call("POST", f"/containers/{cid}/start", ok=(204, 304))

    def state(self, cid):
        return self.call("GET", f"/containers/{cid}/json")["State"]


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--image", default="registry.example.com/harpworks/shop")
    ap.add_argument("--tag", default="latest")
    ap.add_argument("--name", default="harpshop")
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--env-file", default="shop.env")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    env = {}
    try:
        with open(args.env_file, encoding="utf-8") as fh:
            for line in fh:
                line = line.strip()
                if line and not line.startswith("#") and "=" in line:
                    k, v = line.split("=", 1)
                    env[k] = v
    except FileNotFoundError:
        log.warning("%s not found, starting without extra env", args.env_file)

    api = DockerAPI()
    image_ref = f"{args.image}:{args.tag}"
    try:
        log.info("pulling %s", image_ref)
        api.pull(args.image, args.tag)
        old = api.find(args.name)
        if old:
            log.info("removing old container %s", old["Id"][:12])
            api.remove(old["Id"])
        cid = api.create(args.name, image_ref, args.port, env)
        api.start(cid)
    except (OSError, RuntimeError) as exc:
        log.error("redeploy failed: %s", exc)
        return 1

    for _ in range(20):
        st = api.state(cid)
        if st.get("Running"):
            log.info("container %s running on 127.0.0.1:%d", cid[:12], args.port)
            return 0
        time.sleep(1)
    log.error("container did not start: %s", st.get("Error") or st.get("Status"))
    return 1


if __name__ == "__main__":
    sys.exit(main())
