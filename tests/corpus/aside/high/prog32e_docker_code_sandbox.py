#!/usr/bin/env python3
"""run_python tool for an agent: execute a snippet in a throwaway container.

Talks to the Docker Engine API directly over /var/run/docker.sock (no docker
SDK dependency), creates a network-less container with memory/CPU limits,
waits for it, collects logs and removes it.
"""
import argparse
import http.client
import json
import logging
import socket
import struct
import sys
import time
import uuid

DOCKER_SOCK = "/var/run/docker.sock"
API = "/v1.43"
log = logging.getLogger("sandbox")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class DockerAPI:
    def __init__(self, sock_path=DOCKER_SOCK):
        self.sock_path = sock_path

    def call(self, method, path, body=None, raw=False):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, API + path, body=json.dumps(body) if body is not None else None,
                     headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"docker {method} {path}: {resp.status} {data[:300]!r}")
        if raw:
            return data
        return json.loads(data) if data else None


def demux_logs(raw):
    """Split Docker's multiplexed log stream into stdout / stderr."""
    out, err, i = [], [], 0
    while i + 8 <= len(raw):
        stream, size = raw[i], struct.unpack(">I", raw[i + 4:i + 8])[0]
        chunk = raw[i + 8:i + 8 + size]
        (err if stream == 2 else out).append(chunk)
        i += 8 + size
    return b"".join(out).decode(errors="replace"), b"".join(err).decode(errors="replace")


class PythonSandbox:
    def __init__(self, api, image="python:3.12-slim", mem_mb=512, cpus=1.0):
        self.api = api
        self.image = image
        self.mem_mb = mem_mb
        self.cpus = cpus

    def run(self, code, timeout=30):
        name = f"agent-sbx-{uuid.uuid4().hex[:10]}"
        spec = {
            "Image": self.image,
            "Cmd": ["python", "-I", "-c", code],
            "User": "65534:65534",
            "NetworkDisabled": True,
            "WorkingDir": "/tmp",
            "HostConfig": {
                "Memory": self.mem_mb * 1024 * 1024,
                "NanoCpus": int(self.cpus * 1e9),
                "PidsLimit": 64,
                "ReadonlyRootfs": True,
                "Tmpfs": {"/tmp": "rw,size=64m"},
                "CapDrop": ["ALL"],
                "SecurityOpt": ["no-new-privileges"],
            },
        }
        created = self.api.call("POST", f"/containers/create?name={name}", spec)
        cid = created["Id"]
        log.info("created %s (%s)", name, cid[:12])
        try:
            self.api.call("POST", f"/containers/{cid}/start")
            deadline = time.monotonic() + timeout
            status = None
            while time.monotonic() < deadline:
                info = self.api.call("GET", f"/containers/{cid}/json")
                if not info["State"]["Running"]:
                    status = info["State"]["ExitCode"]
                    break
                time.sleep(0.25)
            if status is None:
                log.warning("timeout; killing %s", name)
                self.api.call("POST", f"/containers/{cid}/kill")
            raw = self.api.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1", raw=True)
            stdout, stderr = demux_logs(raw)
            return {"exit_code": status, "timed_out": status is None,
                    "stdout": stdout[-20000:], "stderr": stderr[-20000:]}
        finally:
            self.api.call("DELETE", f"/containers/{cid}?force=1")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("file", help="python file produced by the agent")
    parser.add_argument("--image", default="python:3.12-slim")
    parser.add_argument("--timeout", type=int, default=30)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    with open(args.file, encoding="utf-8") as fh:
        code = fh.read()
    try:
        result = PythonSandbox(DockerAPI(), image=args.image).run(code, timeout=args.timeout)
    except (OSError, RuntimeError) as exc:
        log.error("sandbox failure: %s", exc)
        return 1
    print(json.dumps(result, indent=2))
    return 0 if result["exit_code"] == 0 else 3


if __name__ == "__main__":
    sys.exit(main())
