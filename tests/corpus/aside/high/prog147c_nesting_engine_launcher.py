#!/usr/bin/env python3
"""Start the containerised nesting engine next to the CAM workstation.

The nesting engine vendor ships a container image that needs direct access
to the licence dongle on the USB bus. We talk to the local Docker daemon
over its API socket instead of shelling out, so this works on the
workstations where the docker CLI is not installed.
"""

import argparse
import http.client
import json
import logging
import socket
import time

log = logging.getLogger("nest_launcher")

SOCK = "/var/run/" + "docker.sock"
IMAGE = "registry.example.com/cam/nesting-engine:4.2"
NAME = "nesting-engine"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class Daemon:
    def __init__(self, path=SOCK):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        headers = {"Content-Type": "application/json"}
        payload = json.dumps(body) if body is not None else None
        conn.request(method, "/v1.41" + url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError("%s %s -> %d %s" % (method, url, resp.status, data[:200]))
        return json.loads(data) if data else None


def container_spec(jobs_dir, port):
    return {
        "Image": IMAGE,
        "Env": ["NEST_JOBS=/jobs", "NEST_PORT=%d" % port],
        "ExposedPorts": {"%d/tcp" % port: {}},
        "HostConfig": {
            # licence dongle enumeration needs the whole bus
            "Privileged": True,
            "Binds": ["%s:/jobs" % jobs_dir, "/dev/bus/usb:/dev/bus/usb"],
            "PortBindings": {"%d/tcp" % port: [{"HostIp": "127.0.0.1", "HostPort": str(port)}]},
        },
    }


def existing(daemon):
    try:
        return daemon.call("GET", "/containers/%s/json" % NAME)
    except RuntimeError:
        return None


def ensure_running(daemon, jobs_dir, port, recreate=False):
    info = existing(daemon)
    if info and recreate:
        log.info("removing old container")
        daemon.call("DELETE", "/containers/%s?force=true" % NAME)
        info = None
    if info is None:
        log.info("pulling %s", IMAGE)
        repo, tag = IMAGE.rsplit(":", 1)
        daemon.call("POST", "/images/create?fromImage=%s&tag=%s" % (repo, tag))
        daemon.call("POST", "/containers/create?name=%s" % NAME, container_spec(jobs_dir, port))
    elif info["State"]["Running"]:
        log.info("already running")
        return
    daemon.call("POST", "/containers/%s/start" % NAME)
    for _ in range(10):
        state = daemon.call("GET", "/containers/%s/json" % NAME)["State"]
        if state["Running"]:
            log.info("nesting engine up on 127.0.0.1:%d", port)
            return
        time.sleep(1)
    raise RuntimeError("container did not start")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--jobs-dir", default="/srv/nesting/jobs")
    ap.add_argument("--port", type=int, default=8765)
    ap.add_argument("--recreate", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    try:
        ensure_running(Daemon(), args.jobs_dir, args.port, args.recreate)
    except (OSError, RuntimeError) as exc:
        log.error("could not start nesting engine: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
