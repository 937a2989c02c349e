#!/usr/bin/env python3
"""(Re)deploy the driving-range ball dispenser controller on the range PC.

The dispenser controller ships as a container image from the vendor. It needs
the coin/card reader and the dispenser's relay board (both USB serial), so it
is started with device access. This talks straight to the Docker Engine API
over its unix socket because the range PC has no docker CLI installed.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time

log = logging.getLogger("dispenser-deploy")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
API = "/v1.43"
CONTAINER = "range-dispenser"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None, ok=(200, 201, 204, 304)):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        try:
            conn.request(method, API + path, body=json.dumps(body) if body is not None else None,
                         headers=headers)
            resp = conn.getresponse()
            raw = resp.read()
        finally:
            conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {path}: {resp.status} {raw[:300]!r}")
        if not raw:
            return None
        try:
            return json.loads(raw)
        except ValueError:
            return raw.decode(errors="replace")

    def pull(self, image):
        repo, _, tag = image.partition(":")
        self.call("POST", f"/images/create?fromImage={repo}&tag={tag or 'latest'}")

    def remove(self, name):
        self.call("DELETE", f"/containers/{name}?force=true", ok=(204, 404))

    def create(self, name, spec):
        return self.call("POST", f"/containers/create?name={name}", spec)["Id"]

    def start(self, cid):
        self.call("POST", f"/containers/{cid}/start")

    def state(self, cid):
        return self.call("GET", f"/containers/{cid}/json")["State"]


def container_spec(image, env_file, http_port):
    env = []
    if env_file and os.path.exists(env_file):
        with open(env_file) as fh:
            env = [ln.strip() for ln in fh if ln.strip() and not ln.startswith("#")]
    return {
        "Image": image,
        "Env": env,
        "ExposedPorts": {"8080/tcp": {}},
        "Labels": {"club.role": "range-dispenser"},
        "HostConfig": {
            "Privileged": True,
            "Binds": ["/dev:/dev", "/run/udev:/run/udev:ro", "dispenser-data:/data"],
            "PortBindings": {"8080/tcp": [{"HostPort": str(http_port)}]},
            "RestartPolicy": {"Name": "unless-stopped"},
            "NetworkMode": "host",
        },
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--image", default="registry.rangeworks.example/dispenser-ctl:4.2.1")
    ap.add_argument("--env-file", default="dispenser.env")
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not os.path.exists(DOCKER_SOCK):
        log.error("docker socket %s not found", DOCKER_SOCK)
        return 2
    engine = Engine(DOCKER_SOCK)
    try:
        if not args.no_pull:
            log.info("pulling %s", args.image)
            engine.pull(args.image)
        engine.remove(CONTAINER)
        cid = engine.create(CONTAINER, container_spec(args.image, args.env_file, args.port))
        engine.start(cid)
    except (OSError, RuntimeError) as exc:
        log.error("deploy failed: %s", exc)
        return 1
    for _ in range(15):
        st = engine.state(cid)
        if st.get("Running"):
            log.info("%s running (%s)", CONTAINER, cid[:12])
            return 0
        time.sleep(2)
    log.error("container did not stay up: %s", st.get("Error") or st.get("Status"))
    return 1


if __name__ == "__main__":
    sys.exit(main())
