#!/usr/bin/env python3
"""Launch a training job inside the team's CUDA image.

Talks to the local Docker daemon, starts the container with all GPUs and
the host's device nodes available (needed for NCCL over InfiniBand and for
nvidia-smi inside the job), mounts ./data read-only and ./outputs
read-write, streams the logs and reports the exit status.
"""
import argparse
import logging
import os
import signal
import sys
import time
from pathlib import Path

import docker
from docker.errors import APIError, ImageNotFound
from docker.types import DeviceRequest, Ulimit

log = logging.getLogger("launch")

DOCKER_SOCK = "unix:///var/run/docker.sock"
DEFAULT_IMAGE = "registry.example.com/ml/train-cuda:12.4-py311"


def build_command(args) -> list[str]:
    cmd = ["python", "-m", "trainer.main",
           "--config", f"/workspace/configs/{args.config}",
           "--output", "/workspace/outputs"]
    if args.resume:
        cmd += ["--resume", "/workspace/outputs/last.pt"]
    for override in args.set or []:
        cmd += ["--set", override]
    return cmd


def ensure_image(client: docker.DockerClient, image: str, pull: bool) -> None:
    try:
        client.images.get(image)
        if not pull:
            return
    except ImageNotFound:
        pass
    log.info("pulling %s", image)
    repo, _, tag = image.rpartition(":")
    client.images.pull(repo, tag=tag or "latest")


def launch(client: docker.DockerClient, args) -> int:
    workdir = Path.cwd()
    (workdir / "outputs").mkdir(exist_ok=True)
    volumes = {
        str(workdir / "data"): {"bind": "/workspace/data", "mode": "ro"},
        str(workdir / "configs"): {"bind": "/workspace/configs", "mode": "ro"},
        str(workdir / "outputs"): {"bind": "/workspace/outputs", "mode": "rw"},
    }
    env = {
        "NCCL_DEBUG": "WARN",
        "PYTHONUNBUFFERED": "1",
        "OMP_NUM_THREADS": str(args.threads),
    }
    container = client.containers.run(
        args.image,
        command=build_command(args),
        name=f"train-{args.config.replace('.yaml', '')}-{int(time.time())}",
        detach=True,
        privileged=True,
        ipc_mode="host",
        network_mode="host",
        shm_size="16g",
        ulimits=[Ulimit(name="memlock", soft=-1, hard=-1)],
        device_requests=[DeviceRequest(count=-1, capabilities=[["gpu"]])],
        volumes=volumes,
        environment=env,
        working_dir="/workspace",
        user=f"{os.getuid()}:{os.getgid()}",
    )
    log.info("started container %s", container.short_id)

    def forward_stop(signum, _frame):
        log.warning("signal %d, stopping container", signum)
        container.stop(timeout=30)

    signal.signal(signal.SIGINT, forward_stop)
    signal.signal(signal.SIGTERM, forward_stop)

    for line in container.logs(stream=True, follow=True):
        sys.stdout.write(line.decode(errors="replace"))
    result = container.wait()
    code = int(result.get("StatusCode", 1))
    if not args.keep:
        container.remove()
    return code


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("config", help="config file name under ./configs")
    ap.add_argument("--image", default=os.environ.get("TRAIN_IMAGE", DEFAULT_IMAGE))
    ap.add_argument("--threads", type=int, default=8)
    ap.add_argument("--resume", action="store_true")
    ap.add_argument("--set", action="append", help="config override key=value")
    ap.add_argument("--pull", action="store_true")
    ap.add_argument("--keep", action="store_true", help="keep the container after exit")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    if not (Path("configs") / args.config).is_file():
        log.error("configs/%s not found", args.config)
        return 2
    try:
        client = docker.DockerClient(base_url=DOCKER_SOCK, timeout=120)
        ensure_image(client, args.image, args.pull)
        code = launch(client, args)
    except APIError as exc:
        log.error("docker error: %s", exc.explanation or exc)
        return 1
    log.info("training exited with %d", code)
    return code


if __name__ == "__main__":
    sys.exit(main())
