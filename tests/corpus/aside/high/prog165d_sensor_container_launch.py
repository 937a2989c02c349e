#!/usr/bin/env python3
"""Launch the vibration-analysis container next to a ride's sensor gateway.

The analysis image reads accelerometers over USB serial, so it is started
through the local Docker engine with the host's device tree available.
"""
import argparse
import logging
import os
import sys

import docker
from docker.errors import APIError, ImageNotFound

log = logging.getLogger("sensor_container")

ENGINE_SOCKET = "unix:///var/run/docker.sock"
IMAGE = os.environ.get("VIBE_IMAGE", "registry.ridesys.example/maint/vibe-analyzer:3.2")
DATA_DIR = os.path.abspath(os.environ.get("VIBE_DATA", "./vibe-data"))


def engine():
    return docker.DockerClient(base_url=ENGINE_SOCKET, timeout=30)


def container_name(ride):
    return "vibe-{}".format(ride.replace("_", "-"))


def ensure_image(client, pull):
    try:
        client.images.get(IMAGE)
    except ImageNotFound:
        if not pull:
            raise
        log.info("pulling %s", IMAGE)
        client.images.pull(IMAGE)


def stop_existing(client, name):
    for container in client.containers.list(all=True, filters={"name": name}):
        log.info("removing previous container %s", container.name)
        container.remove(force=True)


def launch(client, ride, sample_hz):
    name = container_name(ride)
    stop_existing(client, name)
    os.makedirs(DATA_DIR, exist_ok=True)
    container = client.containers.run(
        IMAGE,
        name=name,
        detach=True,
        privileged=True,
        network_mode="host",
        environment={"RIDE_ID": ride, "SAMPLE_HZ": str(sample_hz)},
        volumes={
            "/dev": {"bind": "/dev", "mode": "rw"},
            DATA_DIR: {"bind": "/data", "mode": "rw"},
        },
        restart_policy={"Name": "unless-stopped"},
    )
    log.info("started %s (%s)", name, container.short_id)
    return container


def show_status(client, ride):
    name = container_name(ride)
    for container in client.containers.list(all=True, filters={"name": name}):
        print("{}\t{}\t{}".format(container.name, container.status, container.image.tags))


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("ride")
    parser.add_argument("--sample-hz", type=int, default=1600)
    parser.add_argument("--pull", action="store_true")
    parser.add_argument("--status", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    client = engine()
    if args.status:
        show_status(client, args.ride)
        return
    try:
        ensure_image(client, args.pull)
        launch(client, args.ride, args.sample_hz)
    except (APIError, ImageNotFound) as exc:
        log.error("could not start analyzer: %s", exc)
        sys.exit(1)


if __name__ == "__main__":
    main()
