#!/usr/bin/env python3
"""Launch the rolling-stock CAN diagnostics bridge on the depot test bench.

The bench PC has a PEAK USB-CAN adapter wired to the train's diagnostic
connector.  The vendor ships the decoder as a container image; this helper
pulls the configured tag, starts it with access to the adapter, tails its
output into bench_logs/ and stops it when the session ends.
"""
import argparse
import logging
import os
import signal
import sys
import time
from pathlib import Path

import docker
from docker.errors import APIError, DockerException, ImageNotFound, NotFound

log = logging.getLogger("canbridge")

IMAGE = os.environ.get("CANBRIDGE_IMAGE", "registry.depot-ops.example.com/diag/can-decoder")
TAG = os.environ.get("CANBRIDGE_TAG", "2.7.1")
SOCKET = os.environ.get("DOCKER_HOST", "unix:///var/run/docker.sock")
CONTAINER_NAME = "depot-canbridge"


class Bench:
    def __init__(self, base_url, interface, bitrate):
        self.client = docker.DockerClient(base_url=base_url, timeout=60)
        self.interface = interface
        self.bitrate = bitrate
        self.container = None

    def ensure_image(self, ref):
        try:
            self.client.images.get(ref)
            log.info("image %s present", ref)
        except ImageNotFound:
            log.info("pulling %s", ref)
            repo, tag = ref.rsplit(":", 1)
            self.client.images.pull(repo, tag=tag)

    def remove_stale(self):
        try:
            old = self.client.containers.get(CONTAINER_NAME)
            log.info("removing stale container %s", old.short_id)
            old.remove(force=True)
        except NotFound:
            pass

    def start(self, ref, unit):
        run_opts = dict(
            name=CONTAINER_NAME,
            detach=True,
            network_mode="host",
            privileged=True,
            volumes={"/dev": {"bind": "/dev", "mode": "rw"},
                     str(Path("bench_logs").resolve()): {"bind": "/out", "mode": "rw"}},
            environment={"CAN_IF": self.interface, "CAN_BITRATE": str(self.bitrate), "UNIT": unit},
            labels={"depot.role": "can-bridge", "depot.unit": unit},
        )
        self.container = self.client.containers.run(ref, **run_opts)
        log.info("bridge started: %s", self.container.short_id)

    def stream(self, sink):
        for chunk in self.container.logs(stream=True, follow=True):
            sink.write(chunk.decode(errors="replace"))
            sink.flush()

    def stop(self):
        if self.container is None:
            return
        try:
            self.container.stop(timeout=10)
            self.container.remove()
            log.info("bridge stopped")
        except (APIError, NotFound) as exc:
            log.warning("stop: %s", exc)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("unit", help="unit number on the bench, e.g. 390119")
    ap.add_argument("--interface", default="can0")
    ap.add_argument("--bitrate", type=int, default=500000)
    ap.add_argument("--tag", default=TAG)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    Path("bench_logs").mkdir(exist_ok=True)
    try:
        bench = Bench(SOCKET, args.interface, args.bitrate)
    except DockerException as exc:
        log.error("docker unavailable: %s", exc)
        return 2

    ref = f"{IMAGE}:{args.tag}"
    signal.signal(signal.SIGTERM, lambda *_: (bench.stop(), sys.exit(0)))
    try:
        bench.ensure_image(ref)
        bench.remove_stale()
        bench.start(ref, args.unit)
        logfile = Path("bench_logs") / f"{args.unit}_{time.strftime('%Y%m%d_%H%M%S')}.log"
        with logfile.open("w") as sink:
            bench.stream(sink)
    except KeyboardInterrupt:
        log.info("session ended by operator")
    except APIError as exc:
        log.error("docker error: %s", exc)
        return 1
    finally:
        bench.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
