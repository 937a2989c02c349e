#!/usr/bin/env python3
"""GPU container smoke test for render nodes.

Talks to the local Docker engine to check that the render image is present,
then runs it as a privileged container with every GPU attached and records
whether the renderer can see the cards.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import subprocess
import sys

log = logging.getLogger("gpu-smoke")

DOCKER_SOCK = "/var/run/docker.sock"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.sock_path)
        self.sock = sock


class DockerEngine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def get(self, path):
        conn = UnixHTTPConnection(self.sock_path)
        try:
            conn.request("GET", path)
            resp = conn.getresponse()
            body = resp.read()
            if resp.status != 200:
                raise RuntimeError(f"{path}: HTTP {resp.status}")
            return json.loads(body)
        finally:
            conn.close()

    def version(self):
        return self.get("/version").get("Version", "?")

    def has_image(self, ref):
        for image in self.get("/images/json"):
            if ref in (image.get("RepoTags") or []):
                return True
        return False


SMOKE_SCRIPT = """#!/bin/bash
set -o pipefail
docker run --rm --privileged --gpus all \\
  -e NVIDIA_DRIVER_CAPABILITIES=all \\
  "$SMOKE_IMAGE" bash -c 'nvidia-smi -L && $SMOKE_CMD' 2>&1 | tee "$SMOKE_LOG"
"""


def run_smoke(image, command, logfile):
    script = os.path.abspath("gpu_smoke_run.sh")
    with open(script, "w") as fh:
        fh.write(SMOKE_SCRIPT)
    os.chmod(script, 0o700)
    env = dict(os.environ, SMOKE_IMAGE=image, SMOKE_CMD=command,
               SMOKE_LOG=logfile)
    try:
        proc = subprocess.run(["bash", script], env=env, timeout=900)
    finally:
        os.unlink(script)
    return proc.returncode


def count_gpus(logfile):
    try:
        with open(logfile) as fh:
            return sum(1 for line in fh if line.startswith("GPU "))
    except OSError:
        return 0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--image", default="registry.example.com/render/karma:2024.3")
    ap.add_argument("--cmd", default="husk --version")
    ap.add_argument("--expect", type=int, default=0,
                    help="fail unless this many GPUs are seen (0 = any)")
    ap.add_argument("--log", default="gpu_smoke.log")
    ap.add_argument("--sock", default=DOCKER_SOCK)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    engine = DockerEngine(args.sock)
    try:
        log.info("docker engine %s", engine.version())
        if not engine.has_image(args.image):
            log.error("image %s not present, pull it first", args.image)
            return 1
    except (OSError, RuntimeError) as exc:
        log.error("docker engine unreachable: %s", exc)
        return 1

    rc = run_smoke(args.image, args.cmd, args.log)
    gpus = count_gpus(args.log)
    log.info("container exit %d, %d GPU(s) visible", rc, gpus)
    if rc != 0 or gpus == 0 or (args.expect and gpus != args.expect):
        log.error("smoke test FAILED")
        return 1
    log.info("smoke test passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
