#!/usr/bin/env python3
"""Spin up a throwaway time-series historian for replaying SCADA data.

Analysts replay a week of 1-second turbine data into a local historian to test
new alarm thresholds. This tool talks to the local Docker daemon, starts an
InfluxDB container with a data volume in the working directory, waits until it
is healthy and prints the connection details. `--stop` removes it again.
"""

import argparse
import logging
import sys
import time
from pathlib import Path

import docker
from docker.errors import APIError, DockerException, NotFound

LOG = logging.getLogger("historian_sandbox")

DOCKER_SOCKET = "unix:///var/run/docker.sock"
IMAGE = "influxdb:2.7"
CONTAINER_NAME = "scada-replay-historian"


class Sandbox:
    def __init__(self, data_dir, port):
        self.data_dir = Path(data_dir).resolve()
        self.port = port
        self.client = docker.DockerClient(base_url=DOCKER_SOCKET, timeout=30)

    def existing(self):
        try:
            return self.client.containers.get(CONTAINER_NAME)
        except NotFound:
            return None

    def start(self, org, bucket):
        current = self.existing()
        if current is not None:
            LOG.info("container %s already exists (%s)", CONTAINER_NAME, current.status)
            if current.status != "running":
                current.start()
            return current
        self.data_dir.mkdir(parents=True, exist_ok=True)
        LOG.info("pulling %s", IMAGE)
        self.client.images.pull(IMAGE)
        container = self.client.containers.run(
            IMAGE,
            name=CONTAINER_NAME,
            detach=True,
            ports={"8086/tcp": ("127.0.0.1", self.port)},
            volumes={str(self.data_dir): {"bind": "/var/lib/influxdb2", "mode": "rw"}},
            environment={
                "DOCKER_INFLUXDB_INIT_MODE": "setup",
                "DOCKER_INFLUXDB_INIT_USERNAME": "replay",
                "DOCKER_INFLUXDB_INIT_PASSWORD": "replay-sandbox-only",
                "DOCKER_INFLUXDB_INIT_ORG": org,
                "DOCKER_INFLUXDB_INIT_BUCKET": bucket,
            },
            labels={"team": "turbine-telemetry", "purpose": "replay"},
        )
        LOG.info("started container %s", container.short_id)
        return container

    def wait_ready(self, container, timeout):
        deadline = time.time() + timeout
        while time.time() < deadline:
            container.reload()
            logs = container.logs(tail=20).decode(errors="replace")
            if "Listening" in logs and container.status == "running":
                return True
            time.sleep(2)
        return False

    def stop(self):
        current = self.existing()
        if current is None:
            LOG.info("nothing to stop")
            return
        current.remove(force=True)
        LOG.info("removed container %s", CONTAINER_NAME)


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data-dir", default="./historian_data")
    parser.add_argument("--port", type=int, default=8086)
    parser.add_argument("--org", default="windops")
    parser.add_argument("--bucket", default="replay")
    parser.add_argument("--stop", action="store_true")
    parser.add_argument("--timeout", type=int, default=90)
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    try:
        sandbox = Sandbox(args.data_dir, args.port)
        if args.stop:
            sandbox.stop()
            return 0
        container = sandbox.start(args.org, args.bucket)
        if not sandbox.wait_ready(container, args.timeout):
            LOG.error("historian did not become ready within %d s", args.timeout)
            return 1
    except (DockerException, APIError) as exc:
        LOG.error("docker error: %s", exc)
        return 1
    print(f"historian ready at http://127.0.0.1:{args.port} org={args.org} bucket={args.bucket}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
