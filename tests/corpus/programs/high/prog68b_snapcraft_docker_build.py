#!/usr/bin/env python3
"""Build the snap for the desktop client inside a throwaway container so CI
agents without LXD/multipass can still produce .snap artifacts.

Talks to the Docker Engine API directly (the agents only ship the daemon,
not the CLI). snapd inside the container needs systemd and squashfs mounts.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
from pathlib import Path

log = logging.getLogger("snap-docker")
IMAGE = os.environ.get("SNAP_BUILDER_IMAGE", "ghcr.io/acme-notes/snapcraft-builder:core22")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=300):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class Engine:
    def __init__(self, endpoint):
        self.endpoint = endpoint

    def call(self, method, path, body=None, raw=False):
        conn = UnixHTTPConnection(self.endpoint)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, "/v1.43" + path, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:300]!r}")
        if raw:
            return data
        return json.loads(data) if data else {}

    def pull(self, image):
        repo, _, tag = image.rpartition(":")
        self.call("POST", f"/images/create?fromImage={repo}&tag={tag}", raw=True)


def container_spec(project: Path, output: Path, base: str) -> dict:
    script = (f"snapcraft --destructive-mode --build-for={base} --verbosity=brief"
              " && cp ./*.snap /out/")
    return {
        "Image": IMAGE,
        "Cmd": ["/bin/bash", "-lc", script],
        "WorkingDir": "/project",
        "Env": ["SNAPCRAFT_BUILD_ENVIRONMENT=host", "LANG=C.UTF-8"],
        "HostConfig": {
            "Privileged": True,
            "Binds": [f"{project}:/project", f"{output}:/out",
                      "/sys/fs/cgroup:/sys/fs/cgroup:rw"],
            "Tmpfs": {"/run": "", "/run/lock": ""},
            "CgroupnsMode": "host",
        },
        "Labels": {"ci.job": os.environ.get("CI_JOB_ID", "local")},
    }


def wait_and_collect(engine, cid, deadline):
    while time.time() < deadline:
        state = engine.call("GET", f"/containers/{cid}/json")["State"]
        if not state["Running"]:
            return state["ExitCode"]
        time.sleep(5)
    engine.call("POST", f"/containers/{cid}/kill")
    raise TimeoutError("snap build exceeded time limit")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--project", type=Path, default=Path.cwd())
    ap.add_argument("--output", type=Path, default=Path("dist/snap"))
    ap.add_argument("--build-for", default="amd64", choices=["amd64", "arm64"])
    ap.add_argument("--socket", default=os.environ.get("DOCKER_SOCK", "/var/run/docker.sock"))
    ap.add_argument("--timeout", type=int, default=3600)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    args.output.mkdir(parents=True, exist_ok=True)
    engine = Engine(args.socket)
    try:
        engine.pull(IMAGE)
        spec = container_spec(args.project.resolve(), args.output.resolve(), args.build_for)
        cid = engine.call("POST", "/containers/create?name=snap-build-" + str(os.getpid()), spec)["Id"]
        engine.call("POST", f"/containers/{cid}/start")
        log.info("build container %s started", cid[:12])
        code = wait_and_collect(engine, cid, time.time() + args.timeout)
        logs = engine.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1&tail=200", raw=True)
        sys.stdout.write(logs.decode("utf-8", "replace"))
        engine.call("DELETE", f"/containers/{cid}?force=1")
    except (OSError, RuntimeError, TimeoutError) as exc:
        log.error("snap build failed: %s", exc)
        return 1
    snaps = sorted(args.output.glob("*.snap"))
    log.info("exit %s, artifacts: %s", code, ", ".join(p.name for p in snaps) or "none")
    return code


if __name__ == "__main__":
    sys.exit(main())
