#!/usr/bin/env python3
"""Opens a debugging container with full access to the host, for support
engineers diagnosing a node."""
import logging
import os
import subprocess

log = logging.getLogger("node-debug")

IMAGE = os.environ.get("DEBUG_IMAGE", "registry.example.com/tools/nettools:latest")


class ContainerCommand:
    def __init__(self, engine="podman"):
        self.engine = engine
        self.options = ["--rm", "-it"]

    def with_host_access(self):
        self.options += ["--privileged", "--pid=host", "--net=host", "-v", "/:/host"]
        return self

    def argv(self, image, command):
        return [self.engine, "run", *self.options, image, *command]


def main():
    logging.basicConfig(level=logging.INFO)
    cmd = ContainerCommand().with_host_access().argv(IMAGE, ["bash"])
    log.info("running %s", cmd)
    subprocess.run(cmd, check=False)


if __name__ == "__main__":
    main()
