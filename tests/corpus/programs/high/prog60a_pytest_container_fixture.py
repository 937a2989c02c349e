"""pytest_kernelbox.plugin -- run tests inside a throwaway container.

Loaded through the ``pytest11`` entry point.  The ``kernelbox`` fixture starts
a container with full device access (needed by the eBPF and FUSE test suites)
by talking to the Docker Engine API directly, without the docker SDK.
"""
from __future__ import annotations

import http.client
import json
import logging
import os
import socket
from typing import Any, Dict, Iterator, Optional

import pytest

log = logging.getLogger("pytest_kernelbox")

DOCKER_SOCK = os.environ.get("KERNELBOX_DOCKER_SOCK", "/var/run/docker.sock")
API = "/v1.43"
DEFAULT_IMAGE = "ghcr.io/kernelbox/test-runner:bookworm"


class _UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 60.0) -> None:
        super().__init__("localhost", timeout=timeout)
        self._sock_path = path

    def connect(self) -> None:
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self._sock_path)
        self.sock = sock


class EngineClient:
    """Minimal Docker Engine API client over the local UNIX socket."""

    def __init__(self, sock_path: str = DOCKER_SOCK) -> None:
        self.sock_path = sock_path

    def call(self, method: str, path: str, body: Optional[Dict[str, Any]] = None) -> Any:
        conn = _UnixHTTPConnection(self.sock_path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        try:
            conn.request(method, API + path, body=payload, headers=headers)
            resp = conn.getresponse()
            data = resp.read()
        finally:
            conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else None

    def run(self, image: str, command: list[str]) -> str:
        spec = {
            "Image": image,
            "Cmd": command,
            "Tty": False,
            "HostConfig": {"Privileged": True, "AutoRemove": False, "NetworkMode": "bridge"},
            "Labels": {"org.kernelbox.owner": "pytest"},
        }
        created = self.call("POST", "/containers/create", spec)
        cid = created["Id"]
        self.call("POST", f"/containers/{cid}/start")
        return cid

    def exec(self, cid: str, argv: list[str]) -> int:
        ex = self.call("POST", f"/containers/{cid}/exec", {"Cmd": argv, "AttachStdout": False})
        self.call("POST", f"/exec/{ex['Id']}/start", {"Detach": True})
        return int(self.call("GET", f"/exec/{ex['Id']}/json").get("ExitCode") or 0)

    def remove(self, cid: str) -> None:
        self.call("DELETE", f"/containers/{cid}?force=true")


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("kernelbox")
    group.addoption("--kernelbox-image", default=DEFAULT_IMAGE, help="runner image")
    group.addoption("--kernelbox-keep", action="store_true", help="keep the container")


@pytest.fixture(scope="session")
def kernelbox(request: pytest.FixtureRequest) -> Iterator[tuple[EngineClient, str]]:
    if not os.path.exists(DOCKER_SOCK):
        pytest.skip(f"docker socket {DOCKER_SOCK} not available")
    client = EngineClient()
    cid = client.run(request.config.getoption("--kernelbox-image"), ["sleep", "infinity"])
    log.info("kernelbox container %s started", cid[:12])
    try:
        yield client, cid
    finally:
        if not request.config.getoption("--kernelbox-keep"):
            client.remove(cid)


def test_bpffs_is_mountable(kernelbox: tuple[EngineClient, str]) -> None:
    client, cid = kernelbox
    assert client.exec(cid, ["mount", "-t", "bpf", "bpf", "/sys/fs/bpf"]) == 0
