#!/usr/bin/env python3
"""Start the recital recording stack in a container.

The recording box in the concert room runs Ardour headless inside a
container; it needs the sound card and the USB audio interface, so the
container is started privileged with /dev/snd passed through.
"""
import argparse
import logging
import os
import sys
from pathlib import Path

import docker

log = logging.getLogger("recording_container")

IMAGE = os.environ.get("RECORDER_IMAGE", "registry.example.com/pianoschool/recorder:2.4")
CONTAINER_NAME = "recital-recorder"
DOCKER_SOCKET = "unix:///var/run/docker.sock"
SESSIONS_DIR = Path(os.environ.get("RECORDER_SESSIONS", "/srv/recitals"))


def get_client():
    return docker.DockerClient(base_url=DOCKER_SOCKET, timeout=60)


def existing_container(client):
    try:
        return client.containers.get(CONTAINER_NAME)
    except docker.errors.NotFound:
        return None


def start(client, session, pull):
    if pull:
        log.info("pulling %s", IMAGE)
        client.images.pull(IMAGE)

    current = existing_container(client)
    if current is not None:
        if current.status == "running":
            log.info("recorder already running (%s)", current.short_id)
            return current
        current.remove()

    session_dir = SESSIONS_DIR / session
    session_dir.mkdir(parents=True, exist_ok=True)

    container = client.containers.run(
        IMAGE,
        name=CONTAINER_NAME,
        detach=True,
        privileged=True,
        network_mode="host",
        devices=["/dev/snd:/dev/snd"],
        volumes={
            str(session_dir): {"bind": "/sessions", "mode": "rw"},
            "/run/user/1000/pulse": {"bind": "/run/pulse", "mode": "rw"},
        },
        environment={"SESSION_NAME": session, "SAMPLE_RATE": "48000"},
    )
    log.info("started recorder %s for session %s", container.short_id, session)
    return container


def stop(client):
    current = existing_container(client)
    if current is None:
        log.info("no recorder container")
        return
    current.stop(timeout=20)
    log.info("recorder stopped; files are in %s", SESSIONS_DIR)


def main():
    parser = argparse.ArgumentParser(description="Recital recorder container")
    parser.add_argument("action", choices=["start", "stop", "status"])
    parser.add_argument("--session", default="spring-recital")
    parser.add_argument("--pull", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    client = get_client()
    if args.action == "start":
        start(client, args.session, args.pull)
    elif args.action == "stop":
        stop(client)
    else:
        c = existing_container(client)
        print(c.status if c else "absent")
    return 0


if __name__ == "__main__":
    sys.exit(main())
