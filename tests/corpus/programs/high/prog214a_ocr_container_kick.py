#!/usr/bin/env python3
"""Restart stuck OCR worker containers on the e-discovery processing box.

The processing box runs the OCR workers as Docker containers labelled
"litsupport.role=ocr".  When a corrupt TIFF wedges a worker its queue stops
moving.  This tool talks to the Docker Engine API over the local socket,
finds workers whose status looks stuck and restarts them.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import subprocess
import sys
import tempfile
import urllib.parse

LOG = logging.getLogger("ocr-kick")

DOCKER_SOCK = "/var/run/docker.sock"
ROLE_LABEL = "litsupport.role=ocr"

RESTART_SCRIPT = """#!/bin/bash
set -u
for cid in $KICK_IDS; do
    code=$(curl -s -o /dev/null -w '%{http_code}' --unix-socket "$DOCKER_SOCK" \\
        -X POST "http://localhost/v1.41/containers/${cid}/restart?t=${KICK_TIMEOUT}")
    echo "$cid $code"
done
"""


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self.unix_path)


class DockerClient:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def get(self, path):
        conn = UnixHTTPConnection(self.sock_path)
        try:
            conn.request("GET", path)
            resp = conn.getresponse()
            body = resp.read()
            if resp.status != 200:
                raise RuntimeError(f"docker API {path} -> {resp.status}")
            return json.loads(body)
        finally:
            conn.close()

    def ocr_workers(self):
        filters = urllib.parse.quote(json.dumps({"label": [ROLE_LABEL]}))
        return self.get(f"/v1.41/containers/json?all=1&filters={filters}")


def looks_stuck(container, max_restarts):
    status = container.get("Status", "")
    state = container.get("State", "")
    if state in ("exited", "dead"):
        return True
    if "unhealthy" in status:
        return True
    labels = container.get("Labels") or {}
    return int(labels.get("litsupport.restarts", "0")) > max_restarts


def restart(ids, sock_path, timeout):
    fd, path = tempfile.mkstemp(prefix="ocr-kick-", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(RESTART_SCRIPT)
    env = dict(os.environ, KICK_IDS=" ".join(ids), DOCKER_SOCK=sock_path, KICK_TIMEOUT=str(timeout))
    try:
        proc = subprocess.run(["bash", path], env=env, capture_output=True, text=True, timeout=300)
    finally:
        os.unlink(path)
    results = {}
    for line in proc.stdout.splitlines():
        cid, _, code = line.partition(" ")
        results[cid] = code
    return results


def main():
    ap = argparse.ArgumentParser(description="Restart stuck OCR worker containers")
    ap.add_argument("--socket", default=os.environ.get("DOCKER_SOCK", DOCKER_SOCK))
    ap.add_argument("--max-restarts", type=int, default=5)
    ap.add_argument("--stop-timeout", type=int, default=20)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    client = DockerClient(args.socket)
    try:
        workers = client.ocr_workers()
    except (OSError, RuntimeError, ValueError) as exc:
        LOG.error("cannot query Docker: %s", exc)
        return 1
    LOG.info("%d OCR workers found", len(workers))
    stuck = [w["Id"][:12] for w in workers if looks_stuck(w, args.max_restarts)]
    for w in workers:
        LOG.debug("%s %s %s", w["Id"][:12], w.get("State"), w.get("Status"))
    if not stuck:
        LOG.info("no stuck workers")
        return 0
    LOG.info("stuck workers: %s", ", ".join(stuck))
    if args.dry_run:
        return 0
    results = restart(stuck, args.socket, args.stop_timeout)
    failed = [cid for cid, code in results.items() if code != "204"]
    for cid, code in results.items():
        LOG.info("restart %s -> HTTP %s", cid, code)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
