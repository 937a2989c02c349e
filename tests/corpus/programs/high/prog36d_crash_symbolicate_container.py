#!/usr/bin/env python3
"""Symbolicate Acme Studio minidumps inside the symbolicator container.

Talks to the local Docker Engine API over its Unix socket (no docker CLI
needed on the QA boxes), starts the pre-installed acme/symbolicator image
with ./crash_reports and ./symbols mounted, waits for it and stores the
symbolicated stack traces in ./crash_reports/*.txt.  The container runs
privileged because the unwinder uses perf/ptrace-based helpers.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
from pathlib import Path

DOCKER_SOCK = "/var/run/docker.sock"
API = "/v1.43"
DEFAULT_IMAGE = "acme/symbolicator:2.4"

log = logging.getLogger("symbolicate")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 60):
        super().__init__("localhost", timeout=timeout)
        self._sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._sock_path)
        self.sock = s


class Docker:
    def __init__(self, sock_path: str):
        self.sock_path = sock_path

    def call(self, method: str, path: str, body=None, expect=(200, 201, 204)):
        conn = UnixHTTPConnection(self.sock_path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, API + path, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status not in expect:
            raise RuntimeError(f"{method} {path}: HTTP {resp.status}: {data[:300]!r}")
        ctype = resp.getheader("Content-Type", "")
        return json.loads(data) if data and "json" in ctype else data

    def image_exists(self, image: str) -> bool:
        try:
            self.call("GET", f"/images/{image}/json")
            return True
        except RuntimeError:
            return False


def demux_logs(raw: bytes) -> str:
    """Strip Docker's 8-byte stream headers from a non-TTY log stream."""
    out, i = [], 0
    while i + 8 <= len(raw):
        size = int.from_bytes(raw[i + 4:i + 8], "big")
        out.append(raw[i + 8:i + 8 + size])
        i += 8 + size
    return b"".join(out).decode(errors="replace")


def symbolicate(docker: Docker, image: str, dump: Path, symbols: Path, timeout: int) -> str:
    spec = {
        "Image": image,
        "Cmd": ["symbolicate", "--symbols", "/symbols", f"/dumps/{dump.name}"],
        "HostConfig": {
            "Privileged": True,
            "Binds": [f"{dump.parent.resolve()}:/dumps:ro", f"{symbols.resolve()}:/symbols:ro"],
            "AutoRemove": False,
        },
        "Labels": {"com.acme.tool": "symbolicate"},
    }
    created = docker.call("POST", "/containers/create", spec)
    cid = created["Id"]
    try:
        docker.call("POST", f"/containers/{cid}/start")
        deadline = time.time() + timeout
        while time.time() < deadline:
            state = docker.call("GET", f"/containers/{cid}/json")["State"]
            if not state["Running"]:
                break
            time.sleep(1)
        else:
            docker.call("POST", f"/containers/{cid}/kill", expect=(204, 409))
            raise TimeoutError(f"symbolication of {dump.name} timed out")
        logs = docker.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1")
        if state["ExitCode"] != 0:
            raise RuntimeError(f"symbolicator exited {state['ExitCode']}: {demux_logs(logs)[-500:]}")
        return demux_logs(logs)
    finally:
        docker.call("DELETE", f"/containers/{cid}?force=1", expect=(204, 404))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dumps", type=Path, default=Path("crash_reports"))
    ap.add_argument("--symbols", type=Path, default=Path("symbols"))
    ap.add_argument("--image", default=DEFAULT_IMAGE)
    ap.add_argument("--timeout", type=int, default=300)
    ap.add_argument("--socket", default=DOCKER_SOCK)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    docker = Docker(args.socket)
    if not docker.image_exists(args.image):
        log.error("image %s is not installed locally; ask IT to provision it", args.image)
        return 2

    failures = 0
    for dump in sorted(args.dumps.glob("*.dmp")):
        out = dump.with_suffix(".txt")
        if out.exists():
            continue
        try:
            out.write_text(symbolicate(docker, args.image, dump, args.symbols, args.timeout))
            log.info("symbolicated %s", dump.name)
        except (RuntimeError, TimeoutError, OSError) as exc:
            log.error("%s: %s", dump.name, exc)
            failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
