#!/usr/bin/env python3
"""Launch the club's containerised flight simulator on a clubhouse PC.

The simulator image needs the USB transmitter (as a joystick) and the GPU,
so it is started through the local Docker daemon with device access.
"""

import argparse
import logging
import os
import sys
from pathlib import Path

import docker
from docker.errors import APIError, ImageNotFound, NotFound

SOCKET_URL = "unix:///var/run/docker.sock"
IMAGE = os.environ.get("SIM_IMAGE", "registry.wingspan-club.example/sim/crrcsim:2024.2")
CONTAINER_NAME = "club-sim"

log = logging.getLogger("sim_launcher")


def client():
    return docker.DockerClient(base_url=SOCKET_URL, timeout=30)


def ensure_image(cli, image: str, pull: bool):
    try:
        cli.images.get(image)
        log.info("image %s present", image)
    except ImageNotFound:
        if not pull:
            raise
        log.info("pulling %s", image)
        cli.images.pull(image)


def remove_old(cli):
    try:
        old = cli.containers.get(CONTAINER_NAME)
    except NotFound:
        return
    log.info("removing previous container %s", old.short_id)
    old.remove(force=True)


def build_volumes(profile_dir: Path) -> dict:
    profile_dir.mkdir(parents=True, exist_ok=True)
    volumes = {
        "/tmp/.X11-unix": {"bind": "/tmp/.X11-unix", "mode": "rw"},
        "/dev/input": {"bind": "/dev/input", "mode": "rw"},
        str(profile_dir): {"bind": "/home/sim/.crrcsim", "mode": "rw"},
    }
    return volumes


def launch(cli, image: str, profile_dir: Path, display: str):
    env = {
        "DISPLAY": display,
        "SIM_PROFILE": profile_dir.name,
        "PULSE_SERVER": os.environ.get("PULSE_SERVER", ""),
    }
    container = cli.containers.run(
        image,
        name=CONTAINER_NAME,
        detach=True,
        privileged=True,
        network_mode="host",
        environment=env,
        volumes=build_volumes(profile_dir),
        devices=["/dev/dri:/dev/dri:rwm"],
        shm_size="1g",
        auto_remove=False,
    )
    log.info("simulator started as %s", container.short_id)
    return container


def follow_logs(container):
    try:
        for line in container.logs(stream=True, follow=True):
            sys.stdout.write(line.decode(errors="replace"))
    except KeyboardInterrupt:
        log.info("stopping simulator")
        container.stop(timeout=10)


def main():
    parser = argparse.ArgumentParser(description="Start the club flight simulator container")
    parser.add_argument("--image", default=IMAGE)
    parser.add_argument("--member", default=os.environ.get("USER", "guest"))
    parser.add_argument("--no-pull", action="store_true")
    parser.add_argument("--attach", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    profile_dir = Path.home() / "sim-profiles" / args.member

    try:
        cli = client()
        cli.ping()
        ensure_image(cli, args.image, pull=not args.no_pull)
        remove_old(cli)
        container = launch(cli, args.image, profile_dir, os.environ.get("DISPLAY", ":0"))
    except (APIError, ImageNotFound) as exc:
        log.error("docker error: %s", exc)
        return 1

    if args.attach:
        follow_logs(container)
    return 0


if __name__ == "__main__":
    sys.exit(main())
