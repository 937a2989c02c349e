#!/usr/bin/env python3
"""Launch the CAN-bus bridge container that talks to the nacelle controller of
the test turbine on the lab's hardware-in-the-loop rig.
"""
import argparse
import http.client
import json
import logging
import os
import socket
from dataclasses import dataclass, field

log = logging.getLogger("can_bridge")

SOCKET_PATH = os.environ.get("DOCKER_SOCK", "/" + "/".join(["var", "run", "docker.sock"]))


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str):
        super().__init__("localhost", timeout=30)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(self._path)
        self.sock = s


@dataclass
class BridgeSpec:
    image: str = "registry.example.com/tidal/can-bridge:1.4"
    name: str = "can-bridge"
    iface: str = "can0"
    env: dict = field(default_factory=lambda: {"CAN_BITRATE": "500000"})

    def body(self) -> dict:
        return {
            "Image": self.image,
            "Env": [f"{k}={v}" for k, v in self.env.items()] + [f"CAN_IFACE={self.iface}"],
            "HostConfig": {
                "Privileged": True,
                "NetworkMode": "host",
                "Binds": ["/dev:/dev", "/lib/modules:/lib/modules:ro"],
            },
        }


def api(method: str, path: str, payload=None):
    conn = UnixHTTPConnection(SOCKET_PATH)
    body = json.dumps(payload) if payload is not None else None
    headers = {"Content-Type": "application/json"} if body else {}
    conn.request(method, "/v1.43" + path, body=body, headers=headers)
    resp = conn.getresponse()
    raw = resp.read()
    conn.close()
    data = json.loads(raw) if raw else {}
    if resp.status >= 400:
        raise RuntimeError(f"{method} {path}: {resp.status} {data.get('message', '')}")
    return data


def existing(name: str):
    found = api("GET", f'/containers/json?all=1&filters={{"name":["{name}"]}}')
    return found[0] if found else None


def launch(spec: BridgeSpec, replace: bool) -> str:
    current = existing(spec.name)
    if current and replace:
        log.info("removing old container %s", current["Id"][:12])
        api("DELETE", f"/containers/{current['Id']}?force=1")
        current = None
    if current:
        cid = current["Id"]
    else:
        cid = api("POST", f"/containers/create?name={spec.name}", spec.body())["Id"]
        log.info("created %s", cid[:12])
    api("POST", f"/containers/{cid}/start")
    return cid


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--iface", default="can0")
    ap.add_argument("--image")
    ap.add_argument("--replace", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    spec = BridgeSpec(iface=args.iface)
    if args.image:
        spec.image = args.image
    try:
        cid = launch(spec, args.replace)
    except (OSError, RuntimeError) as exc:
        log.error("could not start bridge: %s", exc)
        return 1
    log.info("bridge running as %s on %s", cid[:12], spec.iface)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
