#!/usr/bin/env python3
"""Build manylinux wheels for the project in a throwaway container.

Talks to the Docker Engine API directly over its unix socket (no docker SDK
dependency on the build agents). Cross-architecture builds need qemu
binfmt handlers registered from inside the container, so the build
container runs privileged.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time

log = logging.getLogger("manylinux")
DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
IMAGES = {
    "x86_64": "quay.io/pypa/manylinux2014_x86_64",
    "aarch64": "quay.io/pypa/manylinux2014_aarch64",
}


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=300):
        super().__init__("localhost", timeout=timeout)
        self._sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._sock_path)
        self.sock = s


def engine(method, path, body=None):
    conn = UnixHTTPConnection(DOCKER_SOCK)
    payload = json.dumps(body).encode() if body is not None else None
    headers = {"Content-Type": "application/json"} if payload else {}
    conn.request(method, "/v1.43" + path, body=payload, headers=headers)
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    if resp.status >= 400:
        raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
    return json.loads(data) if data and data[:1] in b"[{" else data


def build(arch, project_dir, pythons, keep):
    image = IMAGES[arch]
    log.info("pulling %s", image)
    engine("POST", f"/images/create?fromImage={image}&tag=latest")
    script = " && ".join(
        [f"/opt/python/{py}/bin/pip wheel /io -w /io/dist --no-deps" for py in pythons]
        + ["for w in /io/dist/*.whl; do auditwheel repair \"$w\" -w /io/wheelhouse; done"]
    )
    spec = {
        "Image": image,
        "Cmd": ["bash", "-lc", script],
        "WorkingDir": "/io",
        "HostConfig": {
            "Binds": [f"{os.path.abspath(project_dir)}:/io"],
            "Privileged": True,
            "AutoRemove": False,
        },
    }
    cid = engine("POST", f"/containers/create?name=wheelbuild-{arch}-{int(time.time())}",
                 spec)["Id"]
    try:
        engine("POST", f"/containers/{cid}/start")
        status = engine("POST", f"/containers/{cid}/wait")
        logs = engine("GET", f"/containers/{cid}/logs?stdout=1&stderr=1&tail=40")
        sys.stderr.write(logs.decode(errors="replace") if isinstance(logs, bytes) else str(logs))
        return status.get("StatusCode", 1)
    finally:
        if not keep:
            engine("DELETE", f"/containers/{cid}?force=1")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--arch", choices=sorted(IMAGES), action="append")
    ap.add_argument("--python", action="append", default=[],
                    help="e.g. cp311-cp311 (repeatable)")
    ap.add_argument("--project", default=".")
    ap.add_argument("--keep", action="store_true", help="keep containers for debugging")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    pythons = args.python or ["cp310-cp310", "cp311-cp311", "cp312-cp312"]
    rc = 0
    for arch in args.arch or ["x86_64"]:
        try:
            code = build(arch, args.project, pythons, args.keep)
        except (OSError, RuntimeError) as exc:
            log.error("%s build failed: %s", arch, exc)
            code = 1
        log.info("%s finished with exit code %s", arch, code)
        rc = rc or code
    return rc


if __name__ == "__main__":
    sys.exit(main())
