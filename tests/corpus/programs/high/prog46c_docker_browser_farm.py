#!/usr/bin/env python3
"""Spin up N disposable browser containers for a parallel test shard by
talking straight to the Docker Engine API over its UNIX socket (no docker SDK
on the CI image). Containers run privileged so Chrome's sandbox and
/dev/shm sizing behave like on the real nodes."""
import argparse
import http.client
import json
import logging
import socket
import sys
import time

log = logging.getLogger("browser-farm")
DOCKER_SOCK = "/var/run/docker.sock"
IMAGES = {"chrome": "selenium/standalone-chrome:124.0",
          "firefox": "selenium/standalone-firefox:125.0"}


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, sock_path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = sock_path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path=DOCKER_SOCK):
        self.sock_path = sock_path

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        payload = json.dumps(body).encode() if body is not None else None
        conn.request(method, "/v1.43" + path, body=payload,
                     headers={"Content-Type": "application/json"})
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else {}

    def run_browser(self, name, image, host_port):
        spec = {
            "Image": image,
            "Env": ["SE_NODE_MAX_SESSIONS=2", "SE_NODE_OVERRIDE_MAX_SESSIONS=true"],
            "ExposedPorts": {"4444/tcp": {}},
            "Labels": {"qa.shard": name},
            "HostConfig": {
                "Privileged": True,
                "ShmSize": 2 * 1024 ** 3,
                "AutoRemove": True,
                "PortBindings": {"4444/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(host_port)}]},
            },
        }
        cid = self.call("POST", f"/containers/create?name={name}", spec)["Id"]
        self.call("POST", f"/containers/{cid}/start")
        return cid

    def stop_label(self, label):
        flt = json.dumps({"label": [label]})
        for c in self.call("GET", f"/containers/json?filters={flt}"):
            self.call("POST", f"/containers/{c['Id']}/stop?t=5")
            log.info("stopped %s", c["Names"][0])


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=["up", "down"])
    ap.add_argument("--browser", choices=sorted(IMAGES), default="chrome")
    ap.add_argument("-n", "--count", type=int, default=3)
    ap.add_argument("--base-port", type=int, default=4450)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    engine = Engine()
    if args.action == "down":
        engine.stop_label("qa.shard")
        return 0
    for i in range(args.count):
        name = f"qa-{args.browser}-{i}-{int(time.time())}"
        try:
            cid = engine.run_browser(name, IMAGES[args.browser], args.base_port + i)
            log.info("started %s (%s) on :%d", name, cid[:12], args.base_port + i)
        except (RuntimeError, OSError) as exc:
            log.error("could not start %s: %s", name, exc)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
