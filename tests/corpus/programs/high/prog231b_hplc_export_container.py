#!/usr/bin/env python3
"""
hplc_export_container.py - run the vendor's HPLC export converter in a container.

The HPLC vendor ships its raw-to-mzML converter only as a container image.
The converter talks to the USB licence dongle, so it needs device access.
This tool starts the converter against a folder of raw runs in the working
directory and collects the converted files into ./converted.

Usage:
    python3 hplc_export_container.py RAW_DIR [--image IMAGE] [--keep]
"""

import argparse
import logging
import os
import sys
import time

import docker
from docker.errors import APIError, ImageNotFound

LOG = logging.getLogger("hplc-export")

DEFAULT_IMAGE = "registry.example.com/chem/hplc-converter:4.2"
DOCKER_SOCKET = "unix:///var/run/docker.sock"


class ConverterJob:
    def __init__(self, client, image, raw_dir, out_dir):
        self.client = client
        self.image = image
        self.raw_dir = os.path.abspath(raw_dir)
        self.out_dir = os.path.abspath(out_dir)
        self.container = None

    def ensure_image(self):
        try:
            self.client.images.get(self.image)
            LOG.info("image %s present", self.image)
        except ImageNotFound:
            LOG.info("pulling %s", self.image)
            self.client.images.pull(self.image)

    def start(self):
        os.makedirs(self.out_dir, exist_ok=True)
        self.container = self.client.containers.run(
            self.image,
            command=["convert", "--in", "/data/raw", "--out", "/data/out", "--format", "mzML"],
            volumes={
                self.raw_dir: {"bind": "/data/raw", "mode": "ro"},
                self.out_dir: {"bind": "/data/out", "mode": "rw"},
            },
            privileged=True,  # the licence dongle needs raw USB access
            detach=True,
            name=f"hplc-convert-{int(time.time())}",
        )
        LOG.info("converter started: %s", self.container.short_id)

    def wait(self, timeout):
        result = self.container.wait(timeout=timeout)
        code = result.get("StatusCode", -1)
        for line in self.container.logs(stream=False).decode(errors="replace").splitlines()[-20:]:
            LOG.info("converter: %s", line)
        return code

    def cleanup(self, keep):
        if self.container is not None and not keep:
            self.container.remove(force=True)
            LOG.info("container removed")


def parse_args():
    p = argparse.ArgumentParser(description="Convert HPLC raw runs with the vendor container")
    p.add_argument("raw_dir")
    p.add_argument("--out", default="converted")
    p.add_argument("--image", default=DEFAULT_IMAGE)
    p.add_argument("--timeout", type=int, default=1800)
    p.add_argument("--keep", action="store_true", help="keep the container afterwards")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not os.path.isdir(args.raw_dir):
        LOG.error("raw directory %s not found", args.raw_dir)
        return 1
    runs = [f for f in os.listdir(args.raw_dir) if f.lower().endswith((".raw", ".dat", ".ch"))]
    LOG.info("%d raw runs to convert", len(runs))
    if not runs:
        return 0

    client = docker.DockerClient(base_url=DOCKER_SOCKET)
    job = ConverterJob(client, args.image, args.raw_dir, args.out)
    try:
        job.ensure_image()
        job.start()
        code = job.wait(args.timeout)
    except APIError as exc:
        LOG.error("docker error: %s", exc)
        return 1
    finally:
        job.cleanup(args.keep)

    produced = len([f for f in os.listdir(args.out) if f.endswith(".mzML")])
    LOG.info("converter exit %d, %d mzML files in %s", code, produced, args.out)
    return 0 if code == 0 else 2


if __name__ == "__main__":
    sys.exit(main())
