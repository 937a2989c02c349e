#!/usr/bin/env python3
"""Brings up the online booking site containers on the office server.

Talks to the local Docker engine over its socket to (re)create the
web, worker and redis containers for bookings.donkeyrides-bay.example.com.
"""
import argparse
import logging
import os

import docker
from docker.errors import NotFound, APIError

LOG = logging.getLogger("booking-containers")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "unix:///var/run/docker.sock")
IMAGE_TAG = os.environ.get("BOOKING_TAG", "2024.07")
NETWORK = "bookings-net"

SERVICES = {
    "bookings-redis": {
        "image": "redis:7-alpine",
        "ports": {},
        "env": {},
    },
    "bookings-web": {
        "image": "registry.example.com/donkeyrides/bookings-web:{tag}",
        "ports": {"8000/tcp": ("127.0.0.1", 8000)},
        "env": {"REDIS_URL": "redis://bookings-redis:6379/0", "SITE_NAME": "Bay Donkey Rides"},
    },
    "bookings-worker": {
        "image": "registry.example.com/donkeyrides/bookings-worker:{tag}",
        "ports": {},
        "env": {"REDIS_URL": "redis://bookings-redis:6379/0"},
    },
}


def ensure_network(client):
    try:
        return client.networks.get(NETWORK)
    except NotFound:
        LOG.info("creating network %s", NETWORK)
        return client.networks.create(NETWORK, driver="bridge")


def recreate(client, name, spec, tag, pull):
    image = spec["image"].format(tag=tag)
    if pull:
        LOG.info("pulling %s", image)
        client.images.pull(image)
    try:
        old = client.containers.get(name)
        LOG.info("removing old %s", name)
        old.remove(force=True)
    except NotFound:
        pass
    LOG.info("starting %s from %s", name, image)
    return client.containers.run(
        image,
        name=name,
        detach=True,
        network=NETWORK,
        ports=spec["ports"] or None,
        environment=spec["env"],
        restart_policy={"Name": "unless-stopped"},
    )


def main():
    parser = argparse.ArgumentParser(description="Deploy booking site containers")
    parser.add_argument("--tag", default=IMAGE_TAG)
    parser.add_argument("--no-pull", action="store_true")
    parser.add_argument("--only", choices=sorted(SERVICES))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    client = docker.DockerClient(base_url=DOCKER_SOCK)
    ensure_network(client)
    names = [args.only] if args.only else list(SERVICES)
    try:
        for name in names:
            c = recreate(client, name, SERVICES[name], args.tag, not args.no_pull)
            LOG.info("%s is %s", name, c.short_id)
    except APIError as exc:
        LOG.error("docker said: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
