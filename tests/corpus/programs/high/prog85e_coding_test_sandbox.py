#!/usr/bin/env python3
"""Run a candidate's take-home coding test against the hidden test suite.

Used by the tech-recruitment desk before a submission is forwarded to the
client's hiring manager.  Each submission runs in a throw-away container
with no network and a memory cap; the score and the test log are written to
./results/<candidate>.json.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
from pathlib import Path

LOG = logging.getLogger("take-home")

ENGINE_SOCKET = os.environ.get("ENGINE_SOCKET", "/var/run/docker.sock")
API = "/v1.43"
IMAGES = {"python": "python:3.12-slim", "node": "node:20-slim", "java": "eclipse-temurin:21-jdk"}
TEST_CMD = {"python": "pip install -q pytest >/dev/null && pytest -q /tests",
            "node": "cd /work && npm ci --silent && npx jest /tests --ci",
            "java": "cd /work && ./gradlew test -q"}


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=120):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self.unix_path)


class Engine:
    def __init__(self, path=ENGINE_SOCKET):
        self.path = path

    def call(self, method, url, body=None, raw=False):
        conn = UnixHTTPConnection(self.path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, API + url, json.dumps(body) if body is not None else None, headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        if raw:
            return data
        return json.loads(data) if data else {}

    def pull(self, image):
        name, _, tag = image.partition(":")
        self.call("POST", f"/images/create?fromImage={name}&tag={tag or 'latest'}", raw=True)


def demux(stream):
    """Split the engine's multiplexed log stream into plain text."""
    out, i = [], 0
    while i + 8 <= len(stream):
        size = int.from_bytes(stream[i + 4:i + 8], "big")
        out.append(stream[i + 8:i + 8 + size])
        i += 8 + size
    return b"".join(out).decode("utf-8", errors="replace")


def run_submission(engine, lang, work_dir, tests_dir, timeout):
    image = IMAGES[lang]
    engine.pull(image)
    spec = {
        "Image": image,
        "Cmd": ["sh", "-c", TEST_CMD[lang]],
        "WorkingDir": "/work",
        "NetworkDisabled": lang == "python",
        "HostConfig": {
            "Binds": [f"{work_dir}:/work:ro", f"{tests_dir}:/tests:ro"],
            "Memory": 512 * 1024 * 1024,
            "PidsLimit": 128,
            "AutoRemove": False,
        },
    }
    cid = engine.call("POST", "/containers/create", spec)["Id"]
    try:
        engine.call("POST", f"/containers/{cid}/start", raw=True)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            state = engine.call("GET", f"/containers/{cid}/json")["State"]
            if not state["Running"]:
                break
            time.sleep(2)
        else:
            engine.call("POST", f"/containers/{cid}/kill", raw=True)
            LOG.warning("submission timed out after %ss", timeout)
            state = {"ExitCode": -1}
        logs = demux(engine.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1", raw=True))
        return state.get("ExitCode", -1), logs
    finally:
        engine.call("DELETE", f"/containers/{cid}?force=1", raw=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("candidate", help="candidate reference, e.g. NG-20931")
    ap.add_argument("submission", help="unpacked submission folder")
    ap.add_argument("--tests", default="hidden_tests", help="hidden test suite folder")
    ap.add_argument("--lang", choices=sorted(IMAGES), default="python")
    ap.add_argument("--timeout", type=int, default=600)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    work_dir = Path(args.submission).resolve()
    tests_dir = Path(args.tests).resolve() / args.lang
    for d in (work_dir, tests_dir):
        if not d.is_dir():
            LOG.error("%s is not a directory", d)
            return 2
    try:
        code, logs = run_submission(Engine(), args.lang, work_dir, tests_dir, args.timeout)
    except (OSError, RuntimeError) as exc:
        LOG.error("sandbox run failed: %s", exc)
        return 1

    results = Path("results")
    results.mkdir(exist_ok=True)
    report = {"candidate": args.candidate, "lang": args.lang, "passed": code == 0,
              "exit_code": code, "log_tail": logs[-8000:]}
    (results / f"{args.candidate}.json").write_text(json.dumps(report, indent=2))
    LOG.info("%s: %s (exit %s)", args.candidate, "PASS" if code == 0 else "FAIL", code)
    return 0


if __name__ == "__main__":
    sys.exit(main())
