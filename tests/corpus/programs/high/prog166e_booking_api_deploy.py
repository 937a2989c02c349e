#!/usr/bin/env python3
"""Rolls out a new build of the booking API container on the shop server.

Talks to the local Docker engine over its unix socket: pulls the tag,
starts the new container next to the old one, checks its health endpoint
and then retires the old container.
"""
import argparse
import logging
import os
import sys
import time

import docker
import requests

DOCKER_SOCKET = os.environ.get("DOCKER_HOST", "unix:///var/run/docker.sock")
IMAGE = os.environ.get("BOOKING_IMAGE", "registry.pawvan.example/booking-api")
CONTAINER_NAME = "pawvan-booking"
HOST_PORT = int(os.environ.get("BOOKING_PORT", "8080"))

log = logging.getLogger("deploy")


def connect():
    client = docker.DockerClient(base_url=DOCKER_SOCKET, timeout=60)
    client.ping()
    return client


def pull(client, tag: str):
    ref = f"{IMAGE}:{tag}"
    log.info("pulling %s", ref)
    return client.images.pull(IMAGE, tag=tag)


def find_current(client):
    try:
        return client.containers.get(CONTAINER_NAME)
    except docker.errors.NotFound:
        return None


def start_candidate(client, image, port: int):
    name = f"{CONTAINER_NAME}-next"
    try:
        client.containers.get(name).remove(force=True)
    except docker.errors.NotFound:
        pass
    env = {
        "BOOKING_DB_URL": os.environ.get("BOOKING_DB_URL", "sqlite:////data/booking.db"),
        "BOOKING_LOG_LEVEL": "info",
    }
    log.info("starting %s on port %d", name, port)
    return client.containers.run(
        image.id,
        name=name,
        detach=True,
        environment=env,
        ports={"8000/tcp": ("127.0.0.1", port)},
        volumes={"pawvan-booking-data": {"bind": "/data", "mode": "rw"}},
        mem_limit="512m",
    )


def wait_healthy(port: int, attempts: int, delay: float) -> bool:
    url = f"http://127.0.0.1:{port}/healthz"
    for i in range(attempts):
        try:
            resp = requests.get(url, timeout=3)
            if resp.status_code == 200:
                return True
        except requests.RequestException:
            pass
        log.debug("health check %d/%d not ready", i + 1, attempts)
        time.sleep(delay)
    return False


def promote(client, candidate, current):
    if current is not None:
        log.info("stopping old container %s", current.short_id)
        current.stop(timeout=20)
        current.remove()
    candidate.rename(CONTAINER_NAME)
    log.info("%s is now live", CONTAINER_NAME)


def main() -> int:
    parser = argparse.ArgumentParser(description="Deploy booking API container")
    parser.add_argument("tag", help="image tag to deploy, e.g. 2024.06.1")
    parser.add_argument("--staging-port", type=int, default=HOST_PORT + 1)
    parser.add_argument("--attempts", type=int, default=20)
    parser.add_argument("--delay", type=float, default=3.0)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )

    client = connect()
    image = pull(client, args.tag)
    current = find_current(client)
    candidate = start_candidate(client, image, args.staging_port)

    if not wait_healthy(args.staging_port, args.attempts, args.delay):
        log.error("new build failed health checks, keeping the old one")
        print(candidate.logs(tail=40).decode(errors="replace"))
        candidate.remove(force=True)
        return 1

    promote(client, candidate, current)
    return 0


if __name__ == "__main__":
    sys.exit(main())
