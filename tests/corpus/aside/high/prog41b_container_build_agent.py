#!/usr/bin/env python3
"""Run a build job inside a throwaway container via the Docker Engine API.

Talks HTTP directly over the engine's unix socket (no docker CLI on the
agent image), mounts the workspace, waits for completion and streams logs.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys

LOG = logging.getLogger("container-agent")
ENGINE_SOCKET = os.environ.get("ENGINE_SOCKET", "/var/run/docker.sock")
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 60.0):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self._path)
        self.sock = sock


def engine(method: str, url: str, body=None, timeout: float = 60.0):
    conn = UnixHTTPConnection(ENGINE_SOCKET, timeout=timeout)
    headers = {"Content-Type": "application/json"} if body is not None else {}
    conn.request(method, API + url, body=json.dumps(body) if body is not None else None,
                 headers=headers)
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    if resp.status >= 400:
        raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
    return json.loads(data) if data.startswith(b"{") else data


def run_job(image: str, command: list, workspace: str, timeout: int) -> int:
    spec = {
        "Image": image,
        "Cmd": command,
        "WorkingDir": "/workspace",
        "Env": [f"CI_JOB_ID={os.environ.get('CI_JOB_ID', 'local')}"],
        "HostConfig": {"Binds": [f"{workspace}:/workspace:rw"], "AutoRemove": False},
    }
    created = engine("POST", "/containers/create", spec)
    cid = created["Id"]
    LOG.info("created container %s from %s", cid[:12], image)
    try:
        engine("POST", f"/containers/{cid}/start", {})
        result = engine("POST", f"/containers/{cid}/wait", {}, timeout=timeout)
        logs = engine("GET", f"/containers/{cid}/logs?stdout=1&stderr=1")
        sys.stdout.write(logs.decode("utf-8", "replace") if isinstance(logs, bytes) else str(logs))
        return int(result.get("StatusCode", 1))
    finally:
        engine("DELETE", f"/containers/{cid}?force=1")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--image", default="registry.internal/ci/builder:2024.06")
    ap.add_argument("--timeout", type=int, default=3600)
    ap.add_argument("command", nargs="+")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    try:
        rc = run_job(args.image, args.command, os.getcwd(), args.timeout)
    except (OSError, RuntimeError) as exc:
        LOG.error("engine error: %s", exc)
        return 3
    LOG.info("job exited with %d", rc)
    return rc


if __name__ == "__main__":
    sys.exit(main())
