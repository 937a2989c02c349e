#!/usr/bin/env python3
"""Run each student submission inside a throwaway container.

Talks to the Docker Engine API directly over the local unix socket
(no docker SDK on the grading VM).  Each container gets no network, a
memory cap and the submission bind-mounted read-only; its logs become
the grading output.
"""

import argparse
import http.client
import json
import logging
import socket
import sys
import time
from pathlib import Path

log = logging.getLogger("dockergrade")
DOCKER_SOCK = "/var/run/docker.sock"
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class DockerAPI:
    def __init__(self, sock_path=DOCKER_SOCK):
        self.sock_path = sock_path

    def call(self, method, path, body=None, raw=False):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"}
        payload = json.dumps(body).encode() if body is not None else None
        conn.request(method, API + path, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        if raw:
            return data
        return json.loads(data) if data else {}

    def create(self, image, cmd, submission_dir, mem_mb):
        spec = {
            "Image": image,
            "Cmd": cmd,
            "WorkingDir": "/work",
            "User": "1000:1000",
            "NetworkDisabled": True,
            "HostConfig": {
                "Binds": [f"{submission_dir}:/work:ro"],
                "Memory": mem_mb * 1024 * 1024,
                "PidsLimit": 64,
                "ReadonlyRootfs": True,
                "AutoRemove": False,
            },
        }
        return self.call("POST", "/containers/create", spec)["Id"]

    def start(self, cid):
        self.call("POST", f"/containers/{cid}/start")

    def wait(self, cid, timeout):
        deadline = time.time() + timeout
        while time.time() < deadline:
            state = self.call("GET", f"/containers/{cid}/json")["State"]
            if not state["Running"]:
                return state["ExitCode"]
            time.sleep(0.5)
        self.call("POST", f"/containers/{cid}/kill")
        return None

    def logs(self, cid):
        return self.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1", raw=True)

    def remove(self, cid):
        self.call("DELETE", f"/containers/{cid}?force=1")


def strip_stream_headers(data):
    out, i = bytearray(), 0
    while i + 8 <= len(data):
        size = int.from_bytes(data[i + 4:i + 8], "big")
        out += data[i + 8:i + 8 + size]
        i += 8 + size
    return out.decode("utf-8", "replace")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("submissions", help="folder with one sub-folder per student")
    ap.add_argument("--image", default="cs1010/grader:2024fa")
    ap.add_argument("--timeout", type=int, default=30)
    ap.add_argument("--memory", type=int, default=256, help="MiB per container")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    docker = DockerAPI()
    outdir = Path("container_logs")
    outdir.mkdir(exist_ok=True)

    for sub in sorted(Path(args.submissions).resolve().iterdir()):
        if not sub.is_dir():
            continue
        cid = docker.create(args.image, ["python3", "-m", "pytest", "-q", "/work"],
                            str(sub), args.memory)
        try:
            docker.start(cid)
            code = docker.wait(cid, args.timeout)
            text = strip_stream_headers(docker.logs(cid))
            (outdir / f"{sub.name}.log").write_text(text)
            status = "timeout" if code is None else f"exit {code}"
            log.info("%-15s %s", sub.name, status)
        except RuntimeError as exc:
            log.error("%s: %s", sub.name, exc)
        finally:
            docker.remove(cid)
    return 0


if __name__ == "__main__":
    sys.exit(main())
