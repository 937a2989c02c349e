#!/usr/bin/env python3
"""Build manylinux wheels for the release by driving the Docker Engine API.

We talk to the Engine directly over its unix socket instead of depending on
the docker CLI or docker-py, because the release runners only ship Python.
The build container runs privileged so that binfmt/qemu emulation works for
the aarch64 images.

    python tools/build_wheels.py --arch x86_64 --arch aarch64 --python cp311
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
from urllib.parse import quote

log = logging.getLogger("build_wheels")

ENGINE_SOCKET = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
IMAGES = {
    "x86_64": "quay.io/pypa/manylinux_2_28_x86_64",
    "aarch64": "quay.io/pypa/manylinux_2_28_aarch64",
}
BUILD_SCRIPT = """
set -e
for py in {pythons}; do
  /opt/python/$py-$py/bin/python -m pip wheel /io --no-deps -w /io/wheelhouse/raw
done
for whl in /io/wheelhouse/raw/*.whl; do
  auditwheel repair "$whl" -w /io/wheelhouse
done
"""


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=600):
        super().__init__("localhost", timeout=timeout)
        self._socket_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self._socket_path)
        self.sock = sock


class Engine:
    def __init__(self, path=ENGINE_SOCKET):
        self.path = path

    def call(self, method, url, body=None, expect=(200, 201, 204)):
        conn = UnixHTTPConnection(self.path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, "/v1.43" + url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status not in expect:
            raise RuntimeError("%s %s -> %d %s" % (method, url, resp.status, data[:300]))
        if data and resp.getheader("Content-Type", "").startswith("application/json"):
            return json.loads(data)
        return data

    def pull(self, image):
        name, _, tag = image.partition(":")
        self.call("POST", "/images/create?fromImage=%s&tag=%s" % (quote(name), quote(tag or "latest")))

    def run_build(self, image, workdir, pythons):
        config = {
            "Image": image,
            "Cmd": ["bash", "-c", BUILD_SCRIPT.format(pythons=" ".join(pythons))],
            "WorkingDir": "/io",
            "HostConfig": {
                "Binds": ["%s:/io" % workdir],
                "Privileged": True,
                "AutoRemove": False,
            },
        }
        created = self.call("POST", "/containers/create", config)
        cid = created["Id"]
        log.info("container %s started for %s", cid[:12], image)
        try:
            self.call("POST", "/containers/%s/start" % cid)
            result = self.call("POST", "/containers/%s/wait" % cid, expect=(200,))
            logs = self.call("GET", "/containers/%s/logs?stdout=1&stderr=1" % cid)
            sys.stdout.write(logs.decode("utf-8", "replace") if isinstance(logs, bytes) else str(logs))
            return result.get("StatusCode", 1)
        finally:
            self.call("DELETE", "/containers/%s?force=1" % cid, expect=(204, 404))


def main(argv=None):
    ap = argparse.ArgumentParser(description="build manylinux wheels in Docker")
    ap.add_argument("--arch", action="append", choices=sorted(IMAGES), default=[])
    ap.add_argument("--python", action="append", default=[], help="e.g. cp311 (repeatable)")
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    arches = args.arch or ["x86_64"]
    pythons = args.python or ["cp39", "cp310", "cp311", "cp312"]
    workdir = os.getcwd()
    os.makedirs(os.path.join(workdir, "wheelhouse"), exist_ok=True)

    if not os.path.exists(ENGINE_SOCKET):
        log.error("docker socket %s not found", ENGINE_SOCKET)
        return 2
    engine = Engine()
    failures = 0
    for arch in arches:
        image = IMAGES[arch]
        started = time.monotonic()
        if not args.no_pull:
            log.info("pulling %s", image)
            engine.pull(image)
        code = engine.run_build(image, workdir, pythons)
        log.info("%s finished with %d in %.0fs", arch, code, time.monotonic() - started)
        failures += code != 0
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
