#!/usr/bin/env python3
"""Deploy a Triton inference server container for a model repository.

Talks to the local Docker daemon over its UNIX socket, (re)creates the
serving container with all GPUs attached and waits for the readiness probe.
The container runs privileged so that NVIDIA MPS and the GPU performance
counters used by the profiler are accessible.
"""
import argparse
import logging
import os
import sys
import time
from pathlib import Path

import docker
import requests
from docker.errors import APIError, ImageNotFound, NotFound
from docker.types import DeviceRequest

DOCKER_SOCK = "unix:///var/run/docker.sock"
DEFAULT_IMAGE = "nvcr.io/nvidia/tritonserver:24.03-py3"

log = logging.getLogger("triton_deploy")


def client() -> docker.DockerClient:
    c = docker.DockerClient(base_url=DOCKER_SOCK, timeout=120)
    c.ping()
    return c


def ensure_image(c: docker.DockerClient, image: str, pull: bool) -> None:
    try:
        c.images.get(image)
        if not pull:
            return
    except ImageNotFound:
        pass
    repo, _, tag = image.rpartition(":")
    log.info("pulling %s", image)
    c.images.pull(repo, tag=tag or "latest")


def remove_existing(c: docker.DockerClient, name: str) -> None:
    try:
        old = c.containers.get(name)
    except NotFound:
        return
    log.info("stopping existing container %s (%s)", name, old.short_id)
    old.stop(timeout=20)
    old.remove()


def start(c, name: str, image: str, model_repo: Path, gpus: str, http_port: int):
    if gpus == "all":
        req = DeviceRequest(count=-1, capabilities=[["gpu"]])
    else:
        req = DeviceRequest(device_ids=gpus.split(","), capabilities=[["gpu"]])
    return c.containers.run(
        image,
        command=["tritonserver", "--model-repository=/models", "--strict-readiness=true"],
        name=name,
        detach=True,
        privileged=True,
        device_requests=[req],
        shm_size="8g",
        ulimits=[docker.types.Ulimit(name="memlock", soft=-1, hard=-1)],
        ports={"8000/tcp": http_port, "8001/tcp": http_port + 1, "8002/tcp": http_port + 2},
        volumes={str(model_repo.resolve()): {"bind": "/models", "mode": "ro"}},
        labels={"team": "ml-platform", "managed-by": "triton_deploy"},
    )


def wait_ready(port: int, timeout: int) -> bool:
    url = f"http://127.0.0.1:{port}/v2/health/ready"
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            if requests.get(url, timeout=3).status_code == 200:
                return True
        except requests.RequestException:
            pass
        time.sleep(2)
    return False


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("model_repo", type=Path)
    ap.add_argument("--name", default="triton-serving")
    ap.add_argument("--image", default=os.environ.get("TRITON_IMAGE", DEFAULT_IMAGE))
    ap.add_argument("--gpus", default="all")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--pull", action="store_true")
    ap.add_argument("--ready-timeout", type=int, default=300)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not (args.model_repo / "config.pbtxt").exists() and not any(args.model_repo.glob("*/config.pbtxt")):
        log.error("%s does not look like a Triton model repository", args.model_repo)
        return 2

    try:
        c = client()
        ensure_image(c, args.image, args.pull)
        remove_existing(c, args.name)
        ctr = start(c, args.name, args.image, args.model_repo, args.gpus, args.port)
    except (APIError, docker.errors.DockerException) as exc:
        log.error("docker error: %s", exc)
        return 1

    log.info("started %s (%s), waiting for readiness", args.name, ctr.short_id)
    if not wait_ready(args.port, args.ready_timeout):
        log.error("server not ready; last log lines:\n%s",
                  ctr.logs(tail=40).decode(errors="replace"))
        return 3
    log.info("Triton ready on :%d", args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
