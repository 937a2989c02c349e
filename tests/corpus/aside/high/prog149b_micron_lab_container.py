#!/usr/bin/env python3
"""Launch the fibre-diameter (micron) analyser software in a container.

The OFDA-style analyser driver only ships as a container image and needs
direct access to the camera and USB stage, so it is started here through
the local container engine's API rather than the CLI (the lab PC's CLI is
an old version that lacks the options we need).
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import urllib.parse

log = logging.getLogger("micronlab")

ENGINE_SOCK = "/var/run/" + "docker" + ".sock"
IMAGE = "registry.example.com/coop/micron-analyser:3.2"
NAME = "micron-analyser"


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTPConnection that talks over a unix domain socket."""

    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.unix_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"}
        payload = json.dumps(body) if body is not None else None
        conn.request(method, path, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError("%s %s -> %d %s" % (method, path, resp.status, data[:200]))
        return json.loads(data) if data else None

    def find(self, name):
        flt = json.dumps({"name": [name]})
        res = self.call("GET", "/containers/json?all=1&filters=" +
                        urllib.parse.quote(flt))
        return res[0] if res else None


def container_spec(data_dir):
    host_cfg = {
        "Privileged": True,
        "Binds": ["%s:/data" % data_dir],
        "NetworkMode": "host",
        "RestartPolicy": {"Name": "no"},
    }
    return {
        "Image": IMAGE,
        "Env": ["ANALYSER_MODE=ofda", "SAMPLE_DIR=/data/samples"],
        "HostConfig": host_cfg,
    }


def main():
    ap = argparse.ArgumentParser(description="Start the micron analyser")
    ap.add_argument("--data", default="/home/lab/micron_data",
                    help="folder holding sample snippets and results")
    ap.add_argument("--stop", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    eng = Engine(ENGINE_SOCK)
    try:
        existing = eng.find(NAME)
    except (OSError, RuntimeError) as exc:
        log.error("container engine not reachable: %s", exc)
        return 1

    if args.stop:
        if existing:
            eng.call("POST", "/containers/%s/stop" % existing["Id"])
            log.info("analyser stopped")
        return 0

    if existing:
        if existing.get("State") == "running":
            log.info("analyser already running")
            return 0
        eng.call("DELETE", "/containers/%s" % existing["Id"])

    try:
        created = eng.call("POST", "/containers/create?name=" + NAME,
                           container_spec(args.data))
        eng.call("POST", "/containers/%s/start" % created["Id"])
    except RuntimeError as exc:
        log.error("could not start analyser: %s", exc)
        return 1
    log.info("analyser started (%s)", created["Id"][:12])
    return 0


if __name__ == "__main__":
    sys.exit(main())
