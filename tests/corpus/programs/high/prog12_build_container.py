"""Builds firmware images inside a container that can see the host's loop
devices."""
import argparse
import logging
from typing import Dict

import docker

log = logging.getLogger("fwbuild")

CONTAINER: Dict[str, object] = {
    "image": "fw-builder:2024.1",
    "privileged": True,
    "volumes": {"/dev": {"bind": "/dev", "mode": "rw"},
                "/": {"bind": "/host", "mode": "rw"}},
    "network_mode": "host",
}


def build(target: str, cfg: Dict[str, object]) -> str:
    client = docker.from_env()
    container = client.containers.run(
        cfg["image"],
        command=["make", target],
        privileged=cfg["privileged"],
        volumes=cfg["volumes"],
        network_mode=cfg["network_mode"],
        detach=True,
    )
    result = container.wait()
    logs = container.logs().decode(errors="replace")
    container.remove()
    log.info("exit %s", result.get("StatusCode"))
    return logs


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("target", nargs="?", default="all")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    print(build(args.target, CONTAINER))


if __name__ == "__main__":
    main()
