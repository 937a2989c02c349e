#!/usr/bin/env python3
"""Launch the ticket scan gateway container on the box office PC.

The scan gateway image talks to the handheld door scanners over their USB
cradles and exposes the imported scans to the ticketing system on port
8090. This pulls the configured image tag, replaces any running gateway
container and waits for its health endpoint to come up.
"""

import argparse
import configparser
import logging
import sys
import time
from pathlib import Path

import docker
import requests
from docker.errors import APIError, ImageNotFound, NotFound

log = logging.getLogger("scan_gateway")

DEFAULTS = {
    "image": "ghcr.io/filmsociety-network/scan-gateway",
    "tag": "stable",
    "name": "scan-gateway",
    "port": "8090",
    "data_dir": "./gateway-data",
    "scanner_tty": "/dev/ttyACM0",
}


def load_settings(path):
    cp = configparser.ConfigParser()
    cp["gateway"] = DEFAULTS
    if Path(path).exists():
        cp.read(path)
    return cp["gateway"]


def pull(client, image, tag):
    ref = f"{image}:{tag}"
    try:
        log.info("pulling %s", ref)
        client.images.pull(image, tag=tag)
    except APIError as exc:
        try:
            client.images.get(ref)
            log.warning("pull failed (%s); using cached %s", exc.explanation, ref)
        except ImageNotFound:
            raise SystemExit(f"cannot pull {ref} and no local copy: {exc.explanation}")
    return ref


def remove_existing(client, name):
    try:
        old = client.containers.get(name)
    except NotFound:
        return
    log.info("stopping existing %s (%s)", name, old.short_id)
    try:
        old.stop(timeout=15)
    except APIError:
        pass
    old.remove(force=True)


def run_gateway(client, ref, cfg, env):
    data = Path(cfg["data_dir"]).resolve()
    data.mkdir(parents=True, exist_ok=True)
    port = int(cfg["port"])
    container = client.containers.run(
        ref,
        name=cfg["name"],
        detach=True,
        privileged=True,
        network_mode="bridge",
        ports={f"{port}/tcp": ("0.0.0.0", port)},
        volumes={
            str(data): {"bind": "/var/lib/gateway", "mode": "rw"},
            "/dev/bus/usb": {"bind": "/dev/bus/usb", "mode": "rw"},
            "/run/udev": {"bind": "/run/udev", "mode": "ro"},
        },
        environment={"SCANNER_TTY": cfg["scanner_tty"], **env},
        labels={"org.filmsociety.role": "scan-gateway"},
    )
    log.info("started %s (%s)", cfg["name"], container.short_id)
    return container


def wait_healthy(container, port, timeout=90):
    deadline = time.time() + timeout
    url = f"http://127.0.0.1:{port}/healthz"
    while time.time() < deadline:
        container.reload()
        if container.status == "exited":
            tail = container.logs(tail=30).decode(errors="replace")
            raise SystemExit(f"gateway exited during start-up:\n{tail}")
        try:
            if requests.get(url, timeout=3).ok:
                return True
        except requests.RequestException:
            pass
        time.sleep(3)
    return False


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="gateway.ini")
    ap.add_argument("--tag", help="image tag to run (default from config)")
    ap.add_argument("--venue", default="electric-hall")
    ap.add_argument("--no-pull", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_settings(args.config)
    tag = args.tag or cfg["tag"]
    try:
        client = docker.from_env()
        client.ping()
    except docker.errors.DockerException as exc:
        log.error("docker not reachable: %s", exc)
        return 2

    ref = f"{cfg['image']}:{tag}" if args.no_pull else pull(client, cfg["image"], tag)
    remove_existing(client, cfg["name"])
    container = run_gateway(client, ref, cfg, {"VENUE": args.venue})
    if wait_healthy(container, int(cfg["port"])):
        log.info("gateway healthy on port %s", cfg["port"])
        return 0
    log.error("gateway did not become healthy in time")
    return 1


if __name__ == "__main__":
    sys.exit(main())
