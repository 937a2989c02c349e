#!/usr/bin/env python3
"""Deploy the stockroom inventory scanner service on the back-office box.

The scanner container reads the USB barcode guns in the stockroom and
pushes counts to the inventory database; this script (re)deploys it.
"""
import argparse
import logging
import os
import sys
import time

import docker
from docker.errors import APIError, NotFound

LOG = logging.getLogger("deploy")

SERVICE = {
    "name": "ivory-stock-scanner",
    "image": "registry.ivorylane.example/stock/scanner",
    "socket": "unix:///var/run/docker.sock",
    "restart": {"Name": "unless-stopped"},
    "volumes": {"/srv/ivorylane/stock": {"bind": "/data", "mode": "rw"}},
    "usb": True,
}


def client_for(service):
    return docker.DockerClient(base_url=service["socket"], timeout=60)


def pull(client, image, tag):
    LOG.info("pulling %s:%s", image, tag)
    return client.images.pull(image, tag=tag)


def stop_existing(client, name):
    try:
        current = client.containers.get(name)
    except NotFound:
        return None
    LOG.info("stopping %s (%s)", name, current.short_id)
    current.stop(timeout=20)
    current.remove()
    return current.short_id


def run_options(service, env):
    opts = {
        "name": service["name"],
        "detach": True,
        "restart_policy": service["restart"],
        "volumes": service["volumes"],
        "environment": env,
    }
    if service["usb"]:
        opts["privileged"] = True
        opts["devices"] = ["/dev/bus/usb:/dev/bus/usb"]
    return opts


def wait_healthy(container, seconds):
    deadline = time.time() + seconds
    while time.time() < deadline:
        container.reload()
        if container.status == "running":
            return True
        if container.status in ("exited", "dead"):
            return False
        time.sleep(2)
    return False


def deploy(service, tag, env):
    client = client_for(service)
    image = pull(client, service["image"], tag)
    stop_existing(client, service["name"])
    container = client.containers.run(image.id, **run_options(service, env))
    ok = wait_healthy(container, 60)
    LOG.info("%s %s", service["name"], "running" if ok else "did not start")
    if not ok:
        LOG.error(container.logs(tail=40).decode(errors="replace"))
    return ok


def main():
    parser = argparse.ArgumentParser(description="Deploy the stock scanner container")
    parser.add_argument("--tag", default="latest")
    parser.add_argument("--no-usb", action="store_true", help="run without the barcode guns")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    service = dict(SERVICE, usb=not args.no_usb)
    env = {
        "INVENTORY_DB_URL": os.environ.get("INVENTORY_DB_URL", "postgresql://stock@db.ivorylane.example/stock"),
        "SHOP_CODE": os.environ.get("SHOP_CODE", "IL01"),
    }
    try:
        return 0 if deploy(service, args.tag, env) else 1
    except APIError as exc:
        LOG.error("docker refused: %s", exc.explanation)
        return 2


if __name__ == "__main__":
    sys.exit(main())
