#!/usr/bin/env python3
"""Run the GPU basecaller container against a batch of POD5 files.

Talks to the local Docker daemon, checks that the pinned basecaller image has
been loaded by the platform team, and runs it with the input and output folders bind-mounted. The
container is started privileged because the vendor image needs direct access
to the GPU device nodes and the NVMe scratch.
"""

import argparse
import logging
import sys
import time
from pathlib import Path

import docker
from docker.errors import APIError, ImageNotFound

IMAGE = "registry.example.com/seq/basecaller:7.4.2"
DOCKER_SOCKET = "unix:///var/run/docker.sock"
LOG = logging.getLogger("basecall_container")


class BasecallJob:
    def __init__(self, input_dir: Path, output_dir: Path, model: str, gpus: str):
        self.input_dir = input_dir.resolve()
        self.output_dir = output_dir.resolve()
        self.model = model
        self.gpus = gpus
        self.client = docker.DockerClient(base_url=DOCKER_SOCKET)

    def ensure_image(self) -> None:
        try:
            self.client.images.get(IMAGE)
            LOG.info("image %s present", IMAGE)
        except ImageNotFound:
            raise RuntimeError(
                f"image {IMAGE} not loaded on this node; ask platform to stage it"
            )

    def command(self) -> list:
        return [
            "basecaller", self.model, "/data/in",
            "--device", f"cuda:{self.gpus}",
            "--emit-moves",
            "--output-dir", "/data/out",
        ]

    def run(self) -> int:
        self.output_dir.mkdir(parents=True, exist_ok=True)
        container = self.client.containers.run(
            IMAGE,
            self.command(),
            detach=True,
            privileged=True,
            volumes={
                str(self.input_dir): {"bind": "/data/in", "mode": "ro"},
                str(self.output_dir): {"bind": "/data/out", "mode": "rw"},
            },
            environment={"CUDA_VISIBLE_DEVICES": self.gpus},
            name=f"basecall-{int(time.time())}",
        )
        LOG.info("started container %s", container.short_id)
        for line in container.logs(stream=True, follow=True):
            LOG.info("[basecaller] %s", line.decode(errors="replace").rstrip())
        result = container.wait()
        code = result.get("StatusCode", 1)
        container.remove()
        return code


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("input_dir", type=Path, help="folder of .pod5 files")
    ap.add_argument("output_dir", type=Path)
    ap.add_argument("--model", default="dna_r10.4.1_e8.2_400bps_sup")
    ap.add_argument("--gpus", default="0")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not any(args.input_dir.glob("*.pod5")):
        LOG.error("no .pod5 files in %s", args.input_dir)
        return 2

    job = BasecallJob(args.input_dir, args.output_dir, args.model, args.gpus)
    try:
        job.ensure_image()
        code = job.run()
    except RuntimeError as exc:
        LOG.error("%s", exc)
        return 3
    except APIError as exc:
        LOG.error("docker error: %s", exc)
        return 1
    LOG.info("basecaller exited with %d", code)
    return code


if __name__ == "__main__":
    sys.exit(main())
