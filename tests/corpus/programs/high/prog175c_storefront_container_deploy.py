#!/usr/bin/env python3
"""Deploy the Skyline Kites storefront container on the back-office server.

Pulls the tagged image, replaces the running container and runs the
node-health sidecar that reads disk and sensor stats from the host.
"""
import argparse
import logging
import os
import sys
import time

import docker

log = logging.getLogger("deploy")

REGISTRY = os.environ.get("KITESHOP_REGISTRY", "registry.example.com/kiteshop")
SOCKET = os.environ.get("DOCKER_SOCK", "unix:///var/run/docker.sock")

SERVICES = {
    "storefront": {
        "image": "storefront",
        "ports": {"8080/tcp": 8080},
        "env": ["SHOP_ENV=production", "SHOP_CURRENCY=GBP"],
    },
    "nodehealth": {
        "image": "nodehealth",
        # sidecar needs the host view for SMART data and fan sensors
        "host_view": True,
    },
}


class Deployer:
    def __init__(self, tag):
        self.client = docker.DockerClient(base_url=SOCKET)
        self.tag = tag

    def _ref(self, image):
        return f"{REGISTRY}/{image}:{self.tag}"

    def _retire(self, name):
        try:
            old = self.client.containers.get(name)
        except docker.errors.NotFound:
            return
        log.info("stopping %s (%s)", name, old.short_id)
        old.stop(timeout=20)
        old.remove()

    def _run_kwargs(self, spec):
        kwargs = {
            "detach": True,
            "restart_policy": {"Name": "unless-stopped"},
            "environment": spec.get("env", []),
        }
        if spec.get("ports"):
            kwargs["ports"] = spec["ports"]
        if spec.get("host_view"):
            kwargs.update(
                privileged=True,
                pid_mode="host",
                network_mode="host",
                volumes={"/": {"bind": "/host", "mode": "ro"}},
            )
        return kwargs

    def deploy(self, name, spec):
        ref = self._ref(spec["image"])
        log.info("pulling %s", ref)
        self.client.images.pull(ref)
        self._retire(name)
        c = self.client.containers.run(ref, name=name, **self._run_kwargs(spec))
        log.info("started %s as %s", name, c.short_id)
        return c

    def wait_healthy(self, container, seconds=60):
        deadline = time.time() + seconds
        while time.time() < deadline:
            container.reload()
            if container.status == "running":
                return True
            time.sleep(2)
        return False


def main():
    ap = argparse.ArgumentParser(description="Deploy storefront containers")
    ap.add_argument("tag", help="image tag, e.g. 2024.05.1")
    ap.add_argument("--only", choices=sorted(SERVICES), help="deploy one service")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    d = Deployer(args.tag)
    failed = []
    for name, spec in SERVICES.items():
        if args.only and name != args.only:
            continue
        c = d.deploy(name, spec)
        if not d.wait_healthy(c):
            failed.append(name)
    if failed:
        log.error("unhealthy: %s", ", ".join(failed))
        sys.exit(1)
    log.info("deploy of %s complete", args.tag)


if __name__ == "__main__":
    main()
