#!/usr/bin/env python3
"""Launch the lattice-Boltzmann GPU solver in its container for a case folder.

Talks to the local Docker engine directly; the solver needs raw access to the
GPUs and to the InfiniBand verbs devices for multi-GPU halo exchange, so the
container runs privileged with the host's /dev/infiniband passed through.
"""
import argparse
import logging
import os
import sys
import time
from pathlib import Path

import docker
from docker.errors import APIError, ImageNotFound
from docker.types import DeviceRequest

LOG = logging.getLogger("lbm-launch")
ENGINE = "unix:///var/run/docker.sock"
IMAGE = "registry.cfd-group.org/lbm-gpu:3.2-cuda12"


def connect():
    client = docker.DockerClient(base_url=ENGINE, timeout=120)
    info = client.info()
    LOG.info("engine %s, %d running containers", info.get("ServerVersion"),
             info.get("ContainersRunning", 0))
    return client


def ensure_image(client, image, pull):
    try:
        return client.images.get(image)
    except ImageNotFound:
        if not pull:
            raise SystemExit(f"image {image} missing; rerun with --pull")
        LOG.info("pulling %s", image)
        return client.images.pull(image)


def run_case(client, image, case_dir, gpus, steps):
    case_dir = case_dir.resolve()
    container = client.containers.run(
        image,
        command=["lbm-solve", "--case", "/case/case.toml", "--steps", str(steps)],
        name=f"lbm-{case_dir.name}-{int(time.time())}",
        detach=True,
        privileged=True,
        ipc_mode="host",
        network_mode="host",
        ulimits=[docker.types.Ulimit(name="memlock", soft=-1, hard=-1)],
        device_requests=[DeviceRequest(device_ids=gpus, capabilities=[["gpu"]])],
        volumes={
            str(case_dir): {"bind": "/case", "mode": "rw"},
            "/dev/infiniband": {"bind": "/dev/infiniband", "mode": "rw"},
        },
        environment={"OMP_NUM_THREADS": str(os.cpu_count() or 4)},
    )
    LOG.info("started %s", container.name)
    return container


def follow(container, log_path):
    with open(log_path, "wb") as fh:
        for chunk in container.logs(stream=True, follow=True):
            fh.write(chunk)
            line = chunk.decode(errors="replace").rstrip()
            if "MLUPS" in line or "ERROR" in line:
                LOG.info("%s", line)
    return container.wait().get("StatusCode", 1)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("case_dir", type=Path)
    ap.add_argument("--gpus", default="0,1,2,3")
    ap.add_argument("--steps", type=int, default=200000)
    ap.add_argument("--image", default=IMAGE)
    ap.add_argument("--pull", action="store_true")
    ap.add_argument("--keep", action="store_true", help="keep the stopped container")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not (args.case_dir / "case.toml").is_file():
        sys.exit(f"{args.case_dir}/case.toml not found")
    client = connect()
    ensure_image(client, args.image, args.pull)
    try:
        container = run_case(client, args.image, args.case_dir,
                             args.gpus.split(","), args.steps)
    except APIError as exc:
        sys.exit(f"docker refused the run: {exc.explanation}")
    code = follow(container, args.case_dir / "solver.log")
    if not args.keep:
        container.remove()
    LOG.info("solver exited with %d", code)
    sys.exit(code)


if __name__ == "__main__":
    main()
