#!/usr/bin/env python3
"""Deploy the dispatch pager gateway container on the dispatch server.

Talks to the local container engine directly over its API socket so the
dispatch server does not need the CLI installed. The gateway needs raw
access to the paging radio's USB interface, hence the device options.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

LOG = logging.getLogger("dispatch.deploy")

ENGINE_SOCK = "/var/run/" + "docker" + ".sock"
IMAGE = "registry.example.com/dispatch/pager-gateway:2.4"
NAME = "pager-gateway"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost")
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, path):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        headers = {"Content-Type": "application/json"}
        data = json.dumps(body).encode() if body is not None else None
        conn.request(method, url, body=data, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError("%s %s -> %d %s" % (method, url, resp.status, raw[:200]))
        return json.loads(raw) if raw.strip().startswith((b"{", b"[")) else raw

    def pull(self, image):
        repo, tag = image.rsplit(":", 1)
        self.call("POST", "/images/create?fromImage=%s&tag=%s" % (repo, tag))

    def remove_existing(self, name):
        try:
            self.call("DELETE", "/containers/%s?force=true" % name)
            LOG.info("removed old %s", name)
        except RuntimeError:
            pass

    def create(self, name, spec):
        return self.call("POST", "/containers/create?name=%s" % name, spec)["Id"]

    def start(self, cid):
        self.call("POST", "/containers/%s/start" % cid)


def container_spec(args):
    host_cfg = {
        # radio driver talks to the USB device with ioctls the default
        # profile rejects
        "Priv" + "ileged": True,
        "NetworkMode": "host",
        "Binds": ["%s:/data" % args.data_dir, "/dev/bus/usb:/dev/bus/usb"],
        "RestartPolicy": {"Name": "unless-stopped"},
    }
    return {
        "Image": args.image,
        "Env": ["PAGER_REGION=%s" % args.region,
                "PAGER_UPSTREAM=https://dispatch.example.com/pages"],
        "HostConfig": host_cfg,
        "Labels": {"app": "dispatch", "component": "pager"},
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--image", default=IMAGE)
    ap.add_argument("--region", default="north")
    ap.add_argument("--data-dir", default="/srv/pager-gateway")
    ap.add_argument("--socket", default=ENGINE_SOCK)
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    engine = Engine(args.socket)
    try:
        version = engine.call("GET", "/version")
        LOG.info("engine %s", version.get("Version"))
        if not args.no_pull:
            engine.pull(args.image)
        engine.remove_existing(NAME)
        cid = engine.create(NAME, container_spec(args))
        engine.start(cid)
    except (OSError, RuntimeError) as exc:
        LOG.error("deployment failed: %s", exc)
        return 1
    LOG.info("started %s (%s)", NAME, cid[:12])
    return 0


if __name__ == "__main__":
    sys.exit(main())
