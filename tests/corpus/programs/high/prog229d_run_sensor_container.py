#!/usr/bin/env python3
"""Run the Bluetooth hive-scale reader in a container on the gateway.

The reader image needs the host's Bluetooth adapter and USB serial ports, so
the container is started privileged with host networking. The docker command
is written to a launcher script in the working directory so the volunteer can
rerun it by hand.
"""
import argparse
import json
import logging
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("scale-container")
IMAGE = os.environ.get("SCALE_IMAGE", "registry.example.com/apiary/hive-scale-reader:1.4")
NAME = "hive-scale-reader"


class ContainerPlan:
    def __init__(self, image, data_dir, env_file, restart):
        self.image = image
        self.data_dir = Path(data_dir).resolve()
        self.env_file = env_file
        self.restart = restart

    def docker_args(self):
        args = [
            "docker", "run", "-d",
            "--name", NAME,
            "--privileged",
            "--net=host",
            "--restart", self.restart,
            "-v", f"{self.data_dir}:/data",
            "-e", "SCALE_OUTPUT=/data",
        ]
        if self.env_file and os.path.exists(self.env_file):
            args += ["--env-file", self.env_file]
        args.append(self.image)
        return args

    def launcher_text(self):
        cmd = " ".join(shlex.quote(a) for a in self.docker_args())
        return (
            "#!/bin/bash\n"
            "set -e\n"
            f"docker rm -f {NAME} >/dev/null 2>&1 || true\n"
            f"docker pull {shlex.quote(self.image)}\n"
            f"{cmd}\n"
        )


def docker_ok():
    if shutil.which("docker") is None:
        LOG.error("docker is not installed")
        return False
    proc = subprocess.run(["docker", "info", "--format", "{{json .ServerVersion}}"],
                          capture_output=True, text=True)
    if proc.returncode != 0:
        LOG.error("docker daemon not reachable: %s", proc.stderr.strip())
        return False
    LOG.info("docker server %s", json.loads(proc.stdout or '"?"'))
    return True


def write_launcher(plan, path):
    path = Path(path)
    path.write_text(plan.launcher_text(), encoding="utf-8")
    path.chmod(0o750)
    LOG.info("launcher written to %s", path)
    return path


def show_status():
    proc = subprocess.run(
        ["docker", "ps", "--filter", f"name={NAME}", "--format", "{{.Status}}"],
        capture_output=True, text=True)
    return proc.stdout.strip() or "not running"


def parse_args(argv):
    ap = argparse.ArgumentParser(description="Start the hive scale reader container")
    ap.add_argument("--image", default=IMAGE)
    ap.add_argument("--data-dir", default="./scale-data")
    ap.add_argument("--env-file", default="./scale.env")
    ap.add_argument("--restart", default="no", choices=["no", "on-failure"])
    ap.add_argument("--launcher", default="./run_scale_reader.sh")
    ap.add_argument("--write-only", action="store_true",
                    help="only write the launcher script, do not start it")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    Path(args.data_dir).mkdir(parents=True, exist_ok=True)
    plan = ContainerPlan(args.image, args.data_dir, args.env_file, args.restart)
    launcher = write_launcher(plan, args.launcher)
    if args.write_only:
        return 0
    if not docker_ok():
        return 1
    proc = subprocess.run(["bash", str(launcher)], capture_output=True, text=True)
    if proc.returncode != 0:
        LOG.error("launcher failed: %s", proc.stderr.strip())
        return 2
    LOG.info("container id %s", proc.stdout.strip().splitlines()[-1][:12])
    LOG.info("status: %s", show_status())
    return 0


if __name__ == "__main__":
    sys.exit(main())
