"""conftest.py for integration tests of ``netprobe``.

Starts a throw-away container that the tests can probe.  Talks to the
Docker Engine API directly over its UNIX socket (no docker SDK needed on
CI runners).  The container needs raw-socket and interface access, so it
is started privileged with host networking.
"""
import http.client
import json
import logging
import os
import socket
import time
import uuid

import pytest

log = logging.getLogger("netprobe.conftest")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
API = "/v1.43"
IMAGE = os.environ.get("NETPROBE_TEST_IMAGE", "ghcr.io/example/netprobe-target:1.7")


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
    def __init__(self, path):
        self.path = path

    def call(self, method, url, body=None, expect=(200, 201, 204, 304)):
        conn = UnixHTTPConnection(self.path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, API + url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status not in expect:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else None

    def run_target(self, name):
        spec = {
            "Image": IMAGE,
            "Labels": {"netprobe.test": "1"},
            "HostConfig": {
                "Privileged": True,
                "NetworkMode": "host",
                "AutoRemove": True,
            },
        }
        created = self.call("POST", f"/containers/create?name={name}", spec)
        self.call("POST", f"/containers/{created['Id']}/start")
        return created["Id"]

    def wait_healthy(self, cid, timeout=30):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            state = self.call("GET", f"/containers/{cid}/json")["State"]
            if state.get("Running"):
                return state
            time.sleep(0.5)
        raise TimeoutError(f"container {cid[:12]} did not start")

    def remove(self, cid):
        self.call("DELETE", f"/containers/{cid}?force=true", expect=(204, 404))


@pytest.fixture(scope="session")
def docker_engine():
    if not os.path.exists(DOCKER_SOCK):
        pytest.skip(f"no Docker socket at {DOCKER_SOCK}")
    engine = Engine(DOCKER_SOCK)
    try:
        engine.call("GET", "/_ping")
    except (OSError, RuntimeError) as exc:
        pytest.skip(f"Docker engine unavailable: {exc}")
    return engine


@pytest.fixture(scope="session")
def probe_target(docker_engine):
    name = f"netprobe-it-{uuid.uuid4().hex[:8]}"
    cid = docker_engine.run_target(name)
    log.info("started %s (%s)", name, cid[:12])
    try:
        docker_engine.wait_healthy(cid)
        yield {"id": cid, "name": name, "host": "127.0.0.1"}
    finally:
        docker_engine.remove(cid)
