#!/usr/bin/env python3
"""Dispatch Flask project submissions to throw-away containers.

For each student repository checked out under ./repos/<student>, start a
container from the course image with the repository mounted read-only,
wait for the test command to finish and collect its log.  Talks to the
Docker Engine API directly over its UNIX socket so the grading host does
not need the docker SDK installed.
"""
from __future__ import annotations

import argparse
import http.client
import json
import logging
import socket
import sys
import time
from pathlib import Path

log = logging.getLogger("dispatch")

DOCKER_SOCK = "/var/run/docker.sock"
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 60):
        super().__init__("localhost", timeout=timeout)
        self._sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path: str = DOCKER_SOCK):
        self.sock_path = sock_path

    def call(self, method: str, url: str, body=None, raw: bool = False):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, API + url, body=json.dumps(body) if body is not None else None,
                     headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        if raw:
            return data
        return json.loads(data) if data else None

    def run_tests(self, image: str, repo: Path, command: list[str], mem_mb: int) -> dict:
        spec = {
            "Image": image,
            "Cmd": command,
            "WorkingDir": "/submission",
            "NetworkDisabled": True,
            "HostConfig": {
                "Binds": [f"{repo.resolve()}:/submission:ro"],
                "Memory": mem_mb * 1024 * 1024,
                "PidsLimit": 128,
                "AutoRemove": False,
            },
            "Labels": {"course": "webdev", "student": repo.name},
        }
        created = self.call("POST", f"/containers/create?name=grade-{repo.name}", spec)
        cid = created["Id"]
        try:
            self.call("POST", f"/containers/{cid}/start")
            result = self.call("POST", f"/containers/{cid}/wait?condition=not-running")
            logs = self.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1&tail=400", raw=True)
            return {"exit": result.get("StatusCode"), "log": demux(logs)}
        finally:
            self.call("DELETE", f"/containers/{cid}?force=1")


def demux(stream: bytes) -> str:
    """Strip the 8-byte frame headers of a non-TTY docker log stream."""
    out, i = [], 0
    while i + 8 <= len(stream):
        size = int.from_bytes(stream[i + 4:i + 8], "big")
        out.append(stream[i + 8:i + 8 + size])
        i += 8 + size
    return b"".join(out).decode("utf-8", "replace")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repos", type=Path, default=Path("repos"))
    ap.add_argument("--image", default="registry.example.edu/webdev/grader:2024")
    ap.add_argument("--mem", type=int, default=512)
    ap.add_argument("--out", type=Path, default=Path("container_results.json"))
    ap.add_argument("--socket", default=DOCKER_SOCK)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    engine = Engine(args.socket)
    try:
        version = engine.call("GET", "/version")
        log.info("docker engine %s", version.get("Version"))
    except (OSError, RuntimeError) as exc:
        log.error("cannot reach docker at %s: %s", args.socket, exc)
        return 2

    results = {}
    for repo in sorted(p for p in args.repos.iterdir() if (p / "app.py").exists()):
        started = time.monotonic()
        try:
            res = engine.run_tests(args.image, repo, ["python", "-m", "pytest", "-q", "tests"], args.mem)
        except RuntimeError as exc:
            log.error("%s: %s", repo.name, exc)
            results[repo.name] = {"exit": None, "log": str(exc)}
            continue
        res["seconds"] = round(time.monotonic() - started, 1)
        results[repo.name] = res
        log.info("%-14s exit=%s (%.1fs)", repo.name, res["exit"], res["seconds"])

    args.out.write_text(json.dumps(results, indent=2), encoding="utf-8")
    print(f"{len(results)} repositories tested -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
