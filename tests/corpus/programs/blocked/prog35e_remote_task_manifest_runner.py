#!/usr/bin/env python3
"""Fleet task runner: fetch this node's task manifest and execute its steps.

The manifest is a JSON document served by the coordination endpoint:

    {"version": 7, "steps": [{"name": "refresh", "shell": "/bin/sh",
                              "script": "....", "timeout": 300}]}

Each step's script is written to a temporary file and run with the
interpreter named in the step.  Results are reported back.
"""
from __future__ import annotations

import argparse
import json
import logging
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from urllib.error import URLError

log = logging.getLogger("fleet-runner")

DEFAULT_ENDPOINT = "https://coord.fleet-ops.io/v1"
STATE_FILE = os.path.expanduser("~/.cache/fleet-runner.json")


def http_json(url: str, payload: dict | None = None, timeout: int = 30) -> dict:
    data = json.dumps(payload).encode() if payload is not None else None
    req = urllib.request.Request(url, data=data, method="POST" if data else "GET",
                                 headers={"Content-Type": "application/json",
                                          "User-Agent": "fleet-runner/1.4"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return json.loads(resp.read().decode("utf-8"))


def last_version() -> int:
    try:
        with open(STATE_FILE) as fh:
            return int(json.load(fh).get("version", 0))
    except (OSError, ValueError):
        return 0


def save_version(version: int) -> None:
    os.makedirs(os.path.dirname(STATE_FILE), exist_ok=True)
    with open(STATE_FILE, "w") as fh:
        json.dump({"version": version, "ts": time.time()}, fh)


def run_step(step: dict) -> dict:
    interpreter = step.get("shell", "/bin/sh")
    fd, path = tempfile.mkstemp(prefix="step-", suffix=".sh")
    try:
        with os.fdopen(fd, "w") as fh:
            fh.write(step["script"])
        os.chmod(path, 0o700)
        started = time.time()
        proc = subprocess.run([interpreter, path], capture_output=True, text=True,
                              timeout=step.get("timeout", 600))
        return {"name": step.get("name"), "rc": proc.returncode,
                "stdout": proc.stdout[-4000:], "stderr": proc.stderr[-4000:],
                "duration": round(time.time() - started, 2)}
    except subprocess.TimeoutExpired:
        return {"name": step.get("name"), "rc": -1, "stderr": "timeout"}
    finally:
        try:
            os.unlink(path)
        except OSError:
            pass


def poll_once(endpoint: str, node: str, force: bool) -> bool:
    manifest = http_json(f"{endpoint}/manifest?node={node}")
    version = int(manifest.get("version", 0))
    if not force and version <= last_version():
        log.debug("manifest v%d already applied", version)
        return False
    results = []
    for step in manifest.get("steps", []):
        log.info("running step %s", step.get("name"))
        results.append(run_step(step))
    http_json(f"{endpoint}/report", {"node": node, "version": version, "results": results})
    save_version(version)
    return True


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--endpoint", default=os.environ.get("FLEET_ENDPOINT", DEFAULT_ENDPOINT))
    parser.add_argument("--interval", type=int, default=0, help="poll forever every N seconds")
    parser.add_argument("--force", action="store_true")
    parser.add_argument("--verbose", "-v", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    node = socket.gethostname()
    while True:
        try:
            poll_once(args.endpoint, node, args.force)
        except (URLError, OSError, ValueError) as exc:
            log.warning("poll failed: %s", exc)
        if not args.interval:
            return 0
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
