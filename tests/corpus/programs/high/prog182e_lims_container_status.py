#!/usr/bin/env python3
"""Status and restart helper for the leather lab's LIMS containers.

The lab runs its LIMS (sample tracking for chrome content, tensile and
tear tests) in containers on the lab server. This talks to the local
container engine API directly so lab staff don't need the CLI installed.
"""
import argparse
import http.client
import json
import logging
import os
import socket

LOG = logging.getLogger("lims-status")

ENGINE_SOCKET = os.environ.get("ENGINE_SOCKET", "/var/run/" + "docker" + ".sock")
API_VERSION = "v1.43"
LIMS_PREFIX = os.environ.get("LIMS_PREFIX", "lims-")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    def __init__(self, path):
        self.path = path

    def _call(self, method, endpoint, body=None):
        conn = UnixHTTPConnection(self.path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, "/%s%s" % (API_VERSION, endpoint), body=payload,
                     headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError("%s %s -> %s %s" % (method, endpoint, resp.status, data[:200]))
        return json.loads(data) if data else None

    def containers(self):
        return self._call("GET", "/containers/json?all=1")

    def restart(self, cid):
        return self._call("POST", "/containers/%s/restart?t=20" % cid)


def lims_containers(engine):
    for c in engine.containers():
        names = [n.lstrip("/") for n in c.get("Names", [])]
        if any(n.startswith(LIMS_PREFIX) for n in names):
            yield names[0], c["Id"][:12], c.get("State"), c.get("Status")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--restart-unhealthy", action="store_true")
    parser.add_argument("--restart", metavar="NAME")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    engine = Engine(ENGINE_SOCKET)
    rows = list(lims_containers(engine))
    for name, cid, state, status in rows:
        print("%-28s %-12s %-10s %s" % (name, cid, state, status))

    for name, cid, state, status in rows:
        wanted = args.restart == name
        unhealthy = args.restart_unhealthy and (state != "running" or "unhealthy" in status)
        if wanted or unhealthy:
            LOG.info("restarting %s", name)
            engine.restart(cid)


if __name__ == "__main__":
    main()
