#!/usr/bin/env python3
"""Build manylinux wheels by talking to the Docker Engine API directly.

Our CI runners have the docker socket mounted but no docker CLI, so this
script creates a manylinux container over the unix socket, runs the build
inside it with the project bind-mounted, and waits for it to finish.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import urllib.parse

LOG = logging.getLogger("mlbuild")
DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
IMAGES = {
    "x86_64": "quay.io/pypa/manylinux_2_28_x86_64",
    "aarch64": "quay.io/pypa/manylinux_2_28_aarch64",
}
BUILD_SCRIPT = (
    "set -e; for py in {pythons}; do "
    "/opt/python/$py/bin/pip wheel --no-deps -w /io/wheelhouse/raw /io; done; "
    "for w in /io/wheelhouse/raw/*.whl; do auditwheel repair -w /io/wheelhouse $w; done"
)


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=600):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.sock_path)
        self.sock = sock


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None, expect=(200, 201, 204)):
        conn = UnixHTTPConnection(self.sock_path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, "/v1.43" + path, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status not in expect:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:300]!r}")
        return json.loads(data) if data and data.lstrip()[:1] in (b"{", b"[") else data

    def pull(self, image):
        name, _, tag = image.partition(":")
        qs = urllib.parse.urlencode({"fromImage": name, "tag": tag or "latest"})
        self.call("POST", f"/images/create?{qs}")

    def run(self, image, cmd, project_dir):
        spec = {
            "Image": image,
            "Cmd": ["bash", "-lc", cmd],
            "WorkingDir": "/io",
            "HostConfig": {"Binds": [f"{project_dir}:/io"], "AutoRemove": False},
        }
        cid = self.call("POST", "/containers/create", spec)["Id"]
        try:
            self.call("POST", f"/containers/{cid}/start")
            status = self.call("POST", f"/containers/{cid}/wait")["StatusCode"]
            logs = self.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1&tail=40")
            LOG.debug("last log lines:\n%s", logs.decode("utf-8", "replace") if isinstance(logs, bytes) else logs)
            return status
        finally:
            self.call("DELETE", f"/containers/{cid}?force=1", expect=(204, 404))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--arch", choices=sorted(IMAGES), default="x86_64")
    ap.add_argument("--pythons", default="cp310-cp310 cp311-cp311 cp312-cp312")
    ap.add_argument("--project", default=os.getcwd())
    ap.add_argument("--pull", action="store_true", help="pull the image first")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO, format="%(message)s")

    engine = Engine(DOCKER_SOCK)
    image = IMAGES[args.arch]
    if args.pull:
        LOG.info("pulling %s", image)
        engine.pull(image)
    LOG.info("building wheels for %s in %s", args.pythons, image)
    status = engine.run(image, BUILD_SCRIPT.format(pythons=args.pythons), os.path.abspath(args.project))
    LOG.info("container exited with %s", status)
    return status


if __name__ == "__main__":
    sys.exit(main())
