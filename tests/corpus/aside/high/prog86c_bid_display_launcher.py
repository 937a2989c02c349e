#!/usr/bin/env python3
"""Launch the saleroom bid display wall container.

The display wall renders the current lot, the asking bid and the currency
board on the HDMI outputs of the relay box.  It ships as a container image;
this launcher talks to the local Docker engine directly (no docker CLI on the
kiosk image), replaces any previous display container and streams its
start-up log until the renderer reports ready.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
from urllib.parse import quote

log = logging.getLogger("display_launcher")

ENGINE_SOCKET = "/var/run/docker.sock"
CONTAINER_NAME = "bid-display-wall"
DEFAULT_IMAGE = "registry.hollisgate.internal/saleroom/display-wall:2.8"


class EngineConnection(http.client.HTTPConnection):
    """HTTP over the engine's unix socket."""

    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class Engine:
    def __init__(self, path=ENGINE_SOCKET):
        self.path = path

    def call(self, method, url, body=None, ok=(200, 201, 204)):
        conn = EngineConnection(self.path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, "/v1.43" + url,
                     body=json.dumps(body) if body is not None else None,
                     headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:300]!r}")
        return json.loads(data) if data else None

    def pull(self, image):
        name, _, tag = image.rpartition(":")
        self.call("POST", f"/images/create?fromImage={quote(name)}&tag={quote(tag)}")

    def remove(self, name):
        self.call("DELETE", f"/containers/{name}?force=true", ok=(204, 404))

    def create(self, name, spec):
        return self.call("POST", f"/containers/create?name={name}", spec)["Id"]

    def start(self, cid):
        self.call("POST", f"/containers/{cid}/start")

    def inspect(self, cid):
        return self.call("GET", f"/containers/{cid}/json", ok=(200,))


def container_spec(image, sale_code, feed):
    return {
        "Image": image,
        "Env": [f"SALE_CODE={sale_code}", f"BID_FEED={feed}", "DISPLAY=:0"],
        "HostConfig": {
            "Privileged": True,
            "NetworkMode": "host",
            "Binds": ["/tmp/.X11-unix:/tmp/.X11-unix", "/dev:/dev"],
            "RestartPolicy": {"Name": "unless-stopped"},
        },
        "Labels": {"com.hollisgate.role": "display-wall"},
    }


def wait_running(engine, cid, timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        state = engine.inspect(cid)["State"]
        if state.get("Running"):
            return True
        if state.get("Status") == "exited":
            log.error("display exited with code %s", state.get("ExitCode"))
            return False
        time.sleep(1)
    return False


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("sale_code")
    ap.add_argument("--image", default=DEFAULT_IMAGE)
    ap.add_argument("--feed", default="tcp://127.0.0.1:7400")
    ap.add_argument("--no-pull", action="store_true")
    ap.add_argument("--timeout", type=int, default=60)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    engine = Engine()
    try:
        if not args.no_pull:
            log.info("pulling %s", args.image)
            engine.pull(args.image)
        engine.remove(CONTAINER_NAME)
        cid = engine.create(CONTAINER_NAME,
                            container_spec(args.image, args.sale_code, args.feed))
        engine.start(cid)
    except (OSError, RuntimeError) as exc:
        log.error("engine error: %s", exc)
        return 1

    if not wait_running(engine, cid, args.timeout):
        return 1
    log.info("display wall running for %s (%s)", args.sale_code, cid[:12])
    return 0


if __name__ == "__main__":
    sys.exit(main())
