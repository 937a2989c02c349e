#!/usr/bin/env python3
"""Grade submissions in throwaway containers by talking to the Docker Engine.

No docker SDK is installed on the grading hosts, so this speaks the Engine
HTTP API directly over the local unix socket: create a container from the
course's grader image with the submission bind-mounted read-only, wait for
it, collect the logs and remove it.
"""
import argparse
import http.client
import json
import logging
import socket
from pathlib import Path

log = logging.getLogger("grading-pool")
DOCKER_SOCK = "/var/run/docker.sock"
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=300):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    def __init__(self, sock_path=DOCKER_SOCK):
        self.sock_path = sock_path

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, API + path, body=json.dumps(body) if body else None,
                     headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return data

    def run_grader(self, image, submission_dir, timeout_s):
        spec = {
            "Image": image,
            "Cmd": ["/grader/run", "/submission"],
            "NetworkDisabled": True,
            "HostConfig": {
                "Binds": [f"{submission_dir}:/submission:ro"],
                "Memory": 512 * 1024 * 1024,
                "PidsLimit": 128,
                "AutoRemove": False,
            },
            "Env": [f"GRADER_TIMEOUT={timeout_s}"],
        }
        cid = json.loads(self.call("POST", "/containers/create", spec))["Id"]
        try:
            self.call("POST", f"/containers/{cid}/start")
            status = json.loads(self.call("POST", f"/containers/{cid}/wait"))
            raw = self.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=0")
            return status.get("StatusCode", -1), demux(raw)
        finally:
            self.call("DELETE", f"/containers/{cid}?force=1")


def demux(raw):
    """Strip Docker's 8-byte stream frame headers from a non-TTY log stream."""
    out, i = bytearray(), 0
    while i + 8 <= len(raw):
        size = int.from_bytes(raw[i + 4:i + 8], "big")
        out += raw[i + 8:i + 8 + size]
        i += 8 + size
    return out.decode(errors="replace")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("submissions", type=Path)
    ap.add_argument("--image", default="cs101/grader:2024fa")
    ap.add_argument("--timeout", type=int, default=60)
    ap.add_argument("--out", type=Path, default=Path("container_grades.jsonl"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    engine = Engine()
    with args.out.open("a") as fh:
        for sub in sorted(p for p in args.submissions.iterdir() if p.is_dir()):
            try:
                code, output = engine.run_grader(args.image, sub.resolve(), args.timeout)
            except (RuntimeError, OSError) as exc:
                log.error("%s: %s", sub.name, exc)
                continue
            try:
                result = json.loads(output.strip().splitlines()[-1])
            except (ValueError, IndexError):
                result = {"score": 0, "error": "grader produced no result"}
            result.update(student=sub.name, exit_code=code)
            fh.write(json.dumps(result) + "\n")
            log.info("%s -> %s", sub.name, result.get("score"))


if __name__ == "__main__":
    main()
