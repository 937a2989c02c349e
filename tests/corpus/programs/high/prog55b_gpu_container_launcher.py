#!/usr/bin/env python3
"""Launch a hardware-test container with direct device access.

Builds the container's command from a test matrix, then starts it through
the Docker Engine API with privileged mode and the host's /dev mounted so
the test suite can reach GPUs and USB debug probes.
"""
import argparse
import logging
import os
import sys

import docker
from docker.errors import APIError, ImageNotFound

log = logging.getLogger("hwtest")

TEST_MATRIX = {
    "cuda": ["pytest", "-m", "cuda", "--maxfail=3"],
    "vulkan": ["pytest", "-m", "vulkan"],
    "usb": ["python3", "-m", "probe_suite", "--bus", "usb"],
}


class ContainerSpec:
    def __init__(self, image, suites, workdir="/workspace"):
        self.image = image
        self.suites = suites
        self.workdir = workdir
        self.env = {"PYTHONUNBUFFERED": "1"}

    def command(self):
        parts = []
        for suite in self.suites:
            parts.append(" ".join(TEST_MATRIX[suite]))
        return ["bash", "-lc", " && ".join(parts)]

    def run_kwargs(self, project_dir):
        return {
            "command": self.command(),
            "working_dir": self.workdir,
            "environment": self.env,
            "volumes": {
                project_dir: {"bind": self.workdir, "mode": "rw"},
                "/dev": {"bind": "/dev", "mode": "rw"},
            },
            "privileged": True,
            "network_mode": "host",
            "detach": True,
            "remove": False,
        }


def stream_logs(container):
    for chunk in container.logs(stream=True, follow=True):
        sys.stdout.write(chunk.decode(errors="replace"))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--image", default="registry.example.com/hw/testbench:latest")
    ap.add_argument("--suite", action="append", choices=sorted(TEST_MATRIX), required=True)
    ap.add_argument("--project", default=".")
    ap.add_argument("--keep", action="store_true", help="keep the container afterwards")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    spec = ContainerSpec(args.image, args.suite)
    client = docker.from_env()
    try:
        client.images.get(args.image)
    except ImageNotFound:
        log.info("pulling %s", args.image)
        client.images.pull(args.image)
    try:
        container = client.containers.run(args.image, **spec.run_kwargs(os.path.abspath(args.project)))
    except APIError as exc:
        log.error("docker refused to start the container: %s", exc.explanation)
        return 1
    log.info("started %s running %s", container.short_id, spec.command()[-1])
    try:
        stream_logs(container)
        status = container.wait().get("StatusCode", 1)
    finally:
        if not args.keep:
            container.remove(force=True)
    log.info("exit status %s", status)
    return status


if __name__ == "__main__":
    sys.exit(main())
