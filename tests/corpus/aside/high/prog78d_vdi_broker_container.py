#!/usr/bin/env python3
"""Run the VDI session broker (with its embedded QEMU workers) as a container.

The broker image launches one QEMU process per desktop, so it needs the
host's /dev/kvm, the tap/bridge networking and the image store. This
launcher talks to the Docker Engine API directly so it works on the
minimal hypervisor image, which ships dockerd but not the docker CLI.
"""

import argparse
import http.client
import json
import logging
import os
import socket
import sys
import urllib.parse

LOG = logging.getLogger("broker-launch")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None, ok=(200, 201, 204, 304)):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, API + path, body=json.dumps(body) if body is not None else None,
                     headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status not in ok:
            raise RuntimeError("%s %s -> %d %s" % (method, path, resp.status, raw[:300]))
        return json.loads(raw) if raw.strip() else None

    def pull(self, image):
        name, _, tag = image.partition(":")
        q = urllib.parse.urlencode({"fromImage": name, "tag": tag or "latest"})
        self.call("POST", "/images/create?" + q)

    def remove(self, name):
        self.call("DELETE", "/containers/%s?force=true" % name, ok=(204, 404))


def container_spec(args):
    binds = [
        "%s:/var/lib/vdi/images" % args.image_store,
        "/run/libvirt:/run/libvirt",
        "/lib/modules:/lib/modules:ro",
    ]
    return {
        "Image": args.image,
        "Hostname": "vdi-broker",
        "Env": ["BROKER_POOL=%s" % args.pool, "BROKER_LOG=info"],
        "ExposedPorts": {"8443/tcp": {}},
        "HostConfig": {
            "Privileged": True,
            "NetworkMode": "host",
            "PidMode": "host",
            "Binds": binds,
            "Devices": [{"PathOnHost": "/dev/kvm", "PathInContainer": "/dev/kvm",
                         "CgroupPermissions": "rwm"}],
            "RestartPolicy": {"Name": "unless-stopped"},
        },
        "Labels": {"vdi.role": "broker", "vdi.pool": args.pool},
    }


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--image", default="registry.vdi.internal/vdi/broker:4.2")
    ap.add_argument("--name", default="vdi-broker")
    ap.add_argument("--pool", default="general")
    ap.add_argument("--image-store", default="/srv/vdi/images")
    ap.add_argument("--no-pull", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not os.path.exists(DOCKER_SOCK):
        LOG.error("docker socket %s not found", DOCKER_SOCK)
        return 1
    engine = Engine(DOCKER_SOCK)
    try:
        if not args.no_pull:
            LOG.info("pulling %s", args.image)
            engine.pull(args.image)
        engine.remove(args.name)
        created = engine.call("POST", "/containers/create?name=" + args.name,
                              body=container_spec(args))
        cid = created["Id"]
        engine.call("POST", "/containers/%s/start" % cid)
    except (OSError, RuntimeError) as exc:
        LOG.error("launch failed: %s", exc)
        return 1
    LOG.info("broker %s running as %s", args.name, cid[:12])
    return 0


if __name__ == "__main__":
    sys.exit(main())
