#!/usr/bin/env python3
"""Run the drivetrain vibration-analysis container against a batch of
accelerometer captures.

The analysis image needs raw access to the USB data-acquisition unit, so it
is started as a privileged container through the local Docker socket. Each
capture directory is processed in turn and the results are copied back to
./results/<turbine>/.
"""
import argparse
import json
import logging
import os
import shlex
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("vib_runner")

IMAGE = "registry.example.com/cms/vib-analysis:4.2"
DOCKER_SOCK = "/var/run/docker.sock"


class ContainerJob:
    def __init__(self, capture: Path, out_dir: Path, image: str, daq_dev: str):
        self.capture = capture.resolve()
        self.out_dir = out_dir.resolve()
        self.image = image
        self.daq_dev = daq_dev
        self.name = f"vib-{capture.name}-{int(time.time())}"

    def command(self) -> str:
        parts = [
            "docker", "-H", f"unix://{DOCKER_SOCK}", "run", "--rm",
            "--privileged",
            "--device", self.daq_dev,
            "--name", self.name,
            "-v", f"{self.capture}:/data/in:ro",
            "-v", f"{self.out_dir}:/data/out",
            "-e", "VIB_ORDER_TRACKING=1",
            self.image, "analyse", "--in", "/data/in", "--out", "/data/out",
        ]
        return " ".join(shlex.quote(p) for p in parts)

    def run(self, timeout: int) -> bool:
        self.out_dir.mkdir(parents=True, exist_ok=True)
        cmd = self.command()
        LOG.debug("running: %s", cmd)
        try:
            proc = subprocess.run(["bash", "-c", cmd], capture_output=True,
                                  text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            LOG.error("%s timed out after %ds", self.capture.name, timeout)
            subprocess.run(["docker", "-H", f"unix://{DOCKER_SOCK}", "kill", self.name],
                           capture_output=True)
            return False
        if proc.returncode:
            LOG.error("%s failed: %s", self.capture.name, proc.stderr.strip()[-500:])
            return False
        return True


def docker_available() -> bool:
    if not os.path.exists(DOCKER_SOCK):
        LOG.error("docker socket %s not present", DOCKER_SOCK)
        return False
    proc = subprocess.run(["docker", "-H", f"unix://{DOCKER_SOCK}", "version",
                           "--format", "{{json .Server.Version}}"],
                          capture_output=True, text=True)
    if proc.returncode:
        LOG.error("docker daemon not reachable: %s", proc.stderr.strip())
        return False
    LOG.info("docker server %s", json.loads(proc.stdout or '"?"'))
    return True


def find_captures(root: Path):
    for turbine_dir in sorted(p for p in root.iterdir() if p.is_dir()):
        if any(turbine_dir.glob("*.tdms")) or any(turbine_dir.glob("*.wav")):
            yield turbine_dir


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("captures", type=Path, help="directory of per-turbine capture folders")
    ap.add_argument("--results", type=Path, default=Path("./results"))
    ap.add_argument("--image", default=IMAGE)
    ap.add_argument("--daq-dev", default="/dev/bus/usb")
    ap.add_argument("--timeout", type=int, default=1800)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not args.captures.is_dir():
        LOG.error("%s is not a directory", args.captures)
        return 2
    if not docker_available():
        return 3
    ok = failed = 0
    for cap in find_captures(args.captures):
        job = ContainerJob(cap, args.results / cap.name, args.image, args.daq_dev)
        LOG.info("analysing %s", cap.name)
        if job.run(args.timeout):
            ok += 1
        else:
            failed += 1
    LOG.info("finished: %d ok, %d failed", ok, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
