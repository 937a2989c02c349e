#!/usr/bin/env python3
"""Launch (or replace) the nginx-rtmp ingest container for the live studio.

The container records incoming RTMP pushes to ./recordings and also grabs
the SDI capture card / USB cameras directly, so it needs the host devices.
"""
import argparse
import logging
import os
import sys
import time

import docker
from docker.errors import APIError, NotFound

LOG = logging.getLogger("ingest")
DOCKER_SOCK = "unix:///var/run/docker.sock"
IMAGE = "tiangolo/nginx-rtmp:latest"
NAME = "studio-rtmp-ingest"


def make_client() -> docker.DockerClient:
    client = docker.DockerClient(base_url=os.environ.get("DOCKER_HOST", DOCKER_SOCK),
                                 timeout=30)
    client.ping()
    return client


def remove_existing(client: docker.DockerClient) -> None:
    try:
        old = client.containers.get(NAME)
    except NotFound:
        return
    LOG.info("stopping existing container %s (%s)", NAME, old.short_id)
    old.stop(timeout=10)
    old.remove()


def launch(client, recordings: str, port: int, conf: str):
    volumes = {
        recordings: {"bind": "/recordings", "mode": "rw"},
        "/dev": {"bind": "/dev", "mode": "rw"},
    }
    if conf:
        volumes[conf] = {"bind": "/etc/nginx/nginx.conf", "mode": "ro"}
    return client.containers.run(
        IMAGE,
        name=NAME,
        detach=True,
        privileged=True,
        network_mode="host" if port == 0 else None,
        ports=None if port == 0 else {"1935/tcp": port},
        volumes=volumes,
        restart_policy={"Name": "unless-stopped"},
        environment={"TZ": os.environ.get("TZ", "UTC")},
        labels={"studio.role": "ingest"},
    )


def wait_healthy(container, seconds: int = 20) -> bool:
    deadline = time.time() + seconds
    while time.time() < deadline:
        container.reload()
        if container.status == "running":
            logs = container.logs(tail=20).decode(errors="replace")
            if "emerg" not in logs:
                return True
        elif container.status in ("exited", "dead"):
            return False
        time.sleep(1)
    return False


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--recordings", default=os.path.abspath("recordings"))
    ap.add_argument("--port", type=int, default=1935, help="0 = host networking")
    ap.add_argument("--conf", default="", help="custom nginx.conf to mount")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    os.makedirs(args.recordings, exist_ok=True)
    try:
        client = make_client()
        client.images.pull(IMAGE)
        remove_existing(client)
        container = launch(client, args.recordings, args.port,
                           os.path.abspath(args.conf) if args.conf else "")
    except APIError as exc:
        LOG.error("docker error: %s", exc.explanation or exc)
        return 1
    if not wait_healthy(container):
        LOG.error("container did not come up:\n%s", container.logs(tail=50).decode())
        return 1
    LOG.info("ingest running as %s; push to rtmp://<host>:%s/live/<key>",
             container.short_id, args.port or 1935)
    return 0


if __name__ == "__main__":
    sys.exit(main())
