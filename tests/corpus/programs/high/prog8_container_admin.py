"""Starts the debugging toolbox container with access to the host."""
import argparse
import logging

import docker


def start_toolbox(client, image):
    return client.containers.run(
        image,
        command="sleep infinity",
        detach=True,
        privileged=True,
        pid_mode="host",
        network_mode="host",
        volumes={"/": {"bind": "/host", "mode": "rw"}},
        name="toolbox",
    )


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--image", default="debian:12")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    client = docker.from_env()
    container = start_toolbox(client, args.image)
    logging.info("toolbox %s started", container.short_id)


main()
