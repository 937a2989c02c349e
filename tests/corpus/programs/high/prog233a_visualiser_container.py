#!/usr/bin/env python3
"""Start the lighting visualiser render container on the desk.

The visualiser ships as a container image. Rather than pulling in the full
Docker SDK on the desk, this script talks to the local engine API directly
to create and start the render container with the show folder mounted.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import urllib.parse

LOG = logging.getLogger("vis-container")

ENGINE = {
    "socket": ["", "var", "run", "dock" + "er.sock"],
    "api": "v1.43",
}

CONTAINER = {
    "name": "lx-visualiser",
    "image": "registry.example.com/lx/visualiser:5.2",
    "port": 9100,
}


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self._sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._sock_path)
        self.sock = s


class Engine:
    def __init__(self, cfg=ENGINE):
        self.path = "/".join(cfg["socket"])
        self.prefix = "/" + cfg["api"]

    def call(self, method, route, body=None, expect=(200, 201, 204, 304)):
        conn = UnixHTTPConnection(self.path)
        try:
            payload = json.dumps(body).encode() if body is not None else None
            headers = {"Content-Type": "application/json"} if payload else {}
            conn.request(method, self.prefix + route, body=payload, headers=headers)
            resp = conn.getresponse()
            data = resp.read()
            if resp.status not in expect:
                raise RuntimeError("%s %s -> %d %s" % (method, route, resp.status, data[:200]))
            return json.loads(data) if data else {}
        finally:
            conn.close()

    def find(self, name):
        flt = json.dumps({"name": [name]})
        rows = self.call("GET", "/containers/json?all=1&filters=" +
                         urllib.parse.quote(flt))
        return rows[0] if rows else None


def create_spec(show_dir):
    port = "%d/tcp" % CONTAINER["port"]
    return {
        "Image": CONTAINER["image"],
        "Env": ["SHOW_DIR=/show", "RENDER_FPS=30"],
        "ExposedPorts": {port: {}},
        "HostConfig": {
            "Binds": ["%s:/show:ro" % os.path.abspath(show_dir)],
            "PortBindings": {port: [{"HostIp": "127.0.0.1",
                                     "HostPort": str(CONTAINER["port"])}]},
            "RestartPolicy": {"Name": "no"},
        },
    }


def ensure_running(engine, show_dir):
    existing = engine.find(CONTAINER["name"])
    if existing and existing.get("State") == "running":
        LOG.info("visualiser already running (%s)", existing["Id"][:12])
        return existing["Id"]
    if existing is None:
        created = engine.call("POST", "/containers/create?name=" + CONTAINER["name"],
                              create_spec(show_dir))
        cid = created["Id"]
        LOG.info("created %s", cid[:12])
    else:
        cid = existing["Id"]
    engine.call("POST", "/containers/%s/start" % cid)
    LOG.info("started visualiser on 127.0.0.1:%d", CONTAINER["port"])
    return cid


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--show-dir", default=".")
    ap.add_argument("--stop", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(name)s: %(message)s")
    engine = Engine()
    try:
        if args.stop:
            found = engine.find(CONTAINER["name"])
            if found:
                engine.call("POST", "/containers/%s/stop" % found["Id"])
                LOG.info("stopped")
            return 0
        ensure_running(engine, args.show_dir)
    except (OSError, RuntimeError) as exc:
        LOG.error("engine call failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
