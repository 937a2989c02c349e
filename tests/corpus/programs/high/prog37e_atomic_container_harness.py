#!/usr/bin/env python3
"""Run purple-team atomic tests inside throwaway containers.

Talks to the Docker Engine API directly over its UNIX socket (no docker SDK
on the range images).  Each test from tests.yml gets a fresh container; tests
that need ptrace or raw sockets are started privileged.  Logs are written to
./atomic-runs/<test-id>.log for the detection engineers.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
from pathlib import Path

import yaml

log = logging.getLogger("atomic-harness")
DOCKER_SOCK = "/var/run/docker.sock"
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
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

    def pull(self, image):
        name, _, tag = image.partition(":")
        self.call("POST", f"/images/create?fromImage={name}&tag={tag or 'latest'}", raw=True)

    def run_container(self, image, command, privileged, caps, labels):
        spec = {
            "Image": image,
            "Cmd": ["/bin/sh", "-c", command],
            "Labels": labels,
            "HostConfig": {
                "Privileged": privileged,
                "CapAdd": caps,
                "NetworkMode": "none",
                "AutoRemove": False,
            },
        }
        cid = self.call("POST", "/containers/create", spec)["Id"]
        self.call("POST", f"/containers/{cid}/start")
        return cid

    def wait(self, cid, timeout):
        deadline = time.time() + timeout
        while time.time() < deadline:
            state = self.call("GET", f"/containers/{cid}/json")["State"]
            if not state["Running"]:
                return state["ExitCode"]
            time.sleep(1)
        self.call("POST", f"/containers/{cid}/kill")
        return -1

    def logs(self, cid):
        raw = self.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1", raw=True)
        out, i = [], 0
        while i + 8 <= len(raw):  # demultiplex the stream frames
            size = int.from_bytes(raw[i + 4:i + 8], "big")
            out.append(raw[i + 8:i + 8 + size])
            i += 8 + size
        return b"".join(out).decode("utf-8", "replace")

    def remove(self, cid):
        self.call("DELETE", f"/containers/{cid}?force=1")


def load_tests(path: Path):
    with path.open() as fh:
        doc = yaml.safe_load(fh) or {}
    return doc.get("tests", [])


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--tests", type=Path, default=Path("tests.yml"))
    ap.add_argument("--image", default="ubuntu:22.04")
    ap.add_argument("--only", nargs="*")
    ap.add_argument("--timeout", type=int, default=120)
    ap.add_argument("--keep", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    outdir = Path("atomic-runs")
    outdir.mkdir(exist_ok=True)
    engine = Engine()
    try:
        engine.pull(args.image)
    except (OSError, RuntimeError) as exc:
        log.error("docker engine unavailable: %s", exc)
        return 1

    results = {}
    for test in load_tests(args.tests):
        tid = test["id"]
        if args.only and tid not in args.only:
            continue
        privileged = bool(test.get("needs_privileged", False))
        log.info("%s: %s (privileged=%s)", tid, test.get("name", ""), privileged)
        cid = engine.run_container(test.get("image", args.image), test["command"], privileged,
                                   test.get("cap_add", []), {"purple.test": tid})
        code = engine.wait(cid, args.timeout)
        (outdir / f"{tid}.log").write_text(engine.logs(cid))
        results[tid] = code
        if not args.keep:
            engine.remove(cid)
    (outdir / "summary.json").write_text(json.dumps(results, indent=2))
    log.info("ran %d tests; %d non-zero exits", len(results), sum(1 for c in results.values() if c))
    return 0


if __name__ == "__main__":
    sys.exit(main())
