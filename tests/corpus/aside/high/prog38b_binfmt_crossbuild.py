#!/usr/bin/env python3
"""Cross-architecture wheel builds on a self-hosted CI runner.

Talks to the local Docker Engine API over its UNIX socket (no docker CLI or
SDK needed on the runner image), registers QEMU binfmt handlers with a
privileged helper container, then runs manylinux builds for each target
architecture with the repository bind-mounted.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
import urllib.parse

DOCKER_SOCK = "/var/run/docker.sock"
API = "/v1.43"
BINFMT_IMAGE = "tonistiigi/binfmt:qemu-v8.1.5"
MANYLINUX = "quay.io/pypa/manylinux2014_{arch}:latest"
ARCHES = ("aarch64", "ppc64le", "s390x")

log = logging.getLogger("crossbuild")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 300):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    def __init__(self, sock_path: str = DOCKER_SOCK):
        self.sock_path = sock_path

    def call(self, method: str, path: str, body=None, query=None):
        conn = UnixHTTPConnection(self.sock_path)
        url = API + path
        if query:
            url += "?" + urllib.parse.urlencode(query)
        payload = json.dumps(body) if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data and data[:1] in b"[{" else data

    def pull(self, image: str):
        name, _, tag = image.rpartition(":")
        log.info("pulling %s", image)
        self.call("POST", "/images/create", query={"fromImage": name, "tag": tag})

    def run(self, image: str, cmd, host_config: dict, env=None, workdir=None) -> int:
        spec = {"Image": image, "Cmd": cmd, "HostConfig": host_config,
                "Env": env or [], "WorkingDir": workdir or "/"}
        cid = self.call("POST", "/containers/create", spec)["Id"]
        try:
            self.call("POST", f"/containers/{cid}/start")
            status = self.call("POST", f"/containers/{cid}/wait")["StatusCode"]
            logs = self.call("GET", f"/containers/{cid}/logs",
                             query={"stdout": 1, "stderr": 1, "tail": 40})
            for line in bytes(logs).decode(errors="replace").splitlines():
                log.debug("[%s] %s", cid[:12], line[8:] if len(line) > 8 else line)
            return status
        finally:
            self.call("DELETE", f"/containers/{cid}", query={"force": 1})


def register_binfmt(engine: Engine, arches) -> None:
    engine.pull(BINFMT_IMAGE)
    status = engine.run(
        BINFMT_IMAGE,
        ["--install", ",".join(a.replace("aarch64", "arm64") for a in arches)],
        host_config={"Privileged": True, "AutoRemove": False},
    )
    if status != 0:
        raise RuntimeError(f"binfmt registration failed ({status})")
    log.info("binfmt handlers registered for %s", ", ".join(arches))


def build_wheels(engine: Engine, repo: str, arch: str, pythons) -> int:
    image = MANYLINUX.format(arch=arch)
    engine.pull(image)
    script = " && ".join(
        f"/opt/python/{py}/bin/pip wheel --no-deps -w /io/wheelhouse /io" for py in pythons
    ) + " && for w in /io/wheelhouse/*-linux_*.whl; do auditwheel repair $w -w /io/dist; done"
    return engine.run(
        image, ["bash", "-lc", script],
        host_config={"Binds": [f"{repo}:/io"], "AutoRemove": False},
        env=[f"AUDITWHEEL_PLAT=manylinux2014_{arch}"], workdir="/io",
    )


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repo", default=os.getcwd())
    ap.add_argument("--arch", action="append", choices=ARCHES)
    ap.add_argument("--python", action="append", default=None,
                    help="e.g. cp311-cp311 (repeatable)")
    ap.add_argument("--skip-binfmt", action="store_true")
    ap.add_argument("--socket", default=DOCKER_SOCK)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    arches = args.arch or list(ARCHES)
    pythons = args.python or ["cp310-cp310", "cp311-cp311", "cp312-cp312"]
    if not os.path.exists(args.socket):
        log.error("docker socket %s not found", args.socket)
        return 1
    engine = Engine(args.socket)
    started = time.monotonic()
    try:
        if not args.skip_binfmt:
            register_binfmt(engine, arches)
        failures = [a for a in arches if build_wheels(engine, args.repo, a, pythons) != 0]
    except (OSError, RuntimeError) as exc:
        log.error("%s", exc)
        return 1
    log.info("done in %.0fs; failed: %s", time.monotonic() - started, failures or "none")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
