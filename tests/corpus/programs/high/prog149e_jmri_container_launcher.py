#!/usr/bin/env python3
"""Start JMRI in a container on the layout server.

We run JMRI (PanelPro + the web server for phone throttles) in a container
so every exhibition laptop has the identical version.  This launcher talks
to the local container engine directly so it works on machines where the
docker CLI isn't installed, only the daemon.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time

log = logging.getLogger("jmri-launch")

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/" + "/".join(["var", "run", "docker.sock"]))
IMAGE = os.environ.get("JMRI_IMAGE", "registry.example.com/club/jmri:5.6")
NAME = "club-jmri"


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
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        payload = json.dumps(body) if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, "/v1.43" + url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else None

    def find(self, name):
        items = self.call("GET", "/containers/json?all=1")
        for item in items:
            if f"/{name}" in item.get("Names", []):
                return item
        return None


def container_spec(serial_dev, profile_dir, web_port):
    host_cfg = {
        # JMRI needs raw access to the command station's USB serial and
        # to the LocoNet adapter, whichever is plugged in on the day.
        "Privileged": True,
        "NetworkMode": "host",
        "Binds": [f"{profile_dir}:/home/jmri/.jmri", "/dev:/dev"],
        "RestartPolicy": {"Name": "unless-stopped"},
    }
    return {
        "Image": IMAGE,
        "Env": [f"JMRI_SERIAL={serial_dev}", f"JMRI_WEB_PORT={web_port}",
                "DISPLAY=" + os.environ.get("DISPLAY", ":0")],
        "HostConfig": host_cfg,
    }


def launch(engine, spec, recreate):
    existing = engine.find(NAME)
    if existing and recreate:
        log.info("removing old container %s", existing["Id"][:12])
        engine.call("DELETE", f"/containers/{existing['Id']}?force=1")
        existing = None
    if not existing:
        created = engine.call("POST", f"/containers/create?name={NAME}", spec)
        cid = created["Id"]
        log.info("created %s", cid[:12])
    else:
        cid = existing["Id"]
    engine.call("POST", f"/containers/{cid}/start")
    return cid


def wait_ready(engine, cid, timeout=60):
    deadline = time.time() + timeout
    while time.time() < deadline:
        info = engine.call("GET", f"/containers/{cid}/json")
        if info["State"].get("Running"):
            return True
        time.sleep(2)
    return False


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--serial", default="/dev/ttyACM0")
    ap.add_argument("--profile-dir", default=os.path.abspath("jmri-profile"))
    ap.add_argument("--web-port", type=int, default=12080)
    ap.add_argument("--recreate", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    os.makedirs(args.profile_dir, exist_ok=True)
    engine = Engine(ENGINE_SOCK)
    try:
        cid = launch(engine, container_spec(args.serial, args.profile_dir, args.web_port),
                     args.recreate)
    except (OSError, RuntimeError) as exc:
        log.error("could not start JMRI: %s", exc)
        return 1
    if wait_ready(engine, cid):
        log.info("JMRI running - web throttles on port %d", args.web_port)
        return 0
    log.error("JMRI container did not start in time")
    return 2


if __name__ == "__main__":
    sys.exit(main())
