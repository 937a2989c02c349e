#!/usr/bin/env python3
"""Prefect-style task wrapper that runs dbt inside a container.

Each model selector is executed in a fresh `dbt-postgres` container
started through the host's Docker daemon socket.  The project directory
is bind-mounted read-only; target/ and logs/ are mounted read-write so
the run artefacts land in the working directory.
"""
import argparse
import logging
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import docker
from docker.errors import APIError, ImageNotFound

log = logging.getLogger("dbt_task")

DOCKER_SOCKET = "unix:///var/run/docker.sock"
DEFAULT_IMAGE = "ghcr.io/dbt-labs/dbt-postgres:1.7.4"
PASS_THROUGH_ENV = ["DBT_TARGET", "DBT_PROFILES_DIR", "WAREHOUSE_HOST", "WAREHOUSE_DB"]


@dataclass
class TaskResult:
    selector: str
    exit_code: int
    seconds: float


def get_client():
    client = docker.DockerClient(base_url=DOCKER_SOCKET, timeout=120)
    client.ping()
    return client


def ensure_image(client, image):
    """Images are pre-built by CI and loaded on the worker; never pull here."""
    try:
        client.images.get(image)
    except ImageNotFound:
        raise SystemExit(f"image {image} not present on this worker; run `make worker-images` first")


def run_selector(client, image, project: Path, selector: str, command: str) -> TaskResult:
    project = project.resolve()
    for sub in ("target", "logs"):
        (project / sub).mkdir(exist_ok=True)
    env = {k: os.environ[k] for k in PASS_THROUGH_ENV if k in os.environ}
    started = time.monotonic()
    container = client.containers.run(
        image,
        command=[command, "--select", selector, "--fail-fast"],
        working_dir="/usr/app",
        environment=env,
        volumes={
            str(project): {"bind": "/usr/app", "mode": "ro"},
            str(project / "target"): {"bind": "/usr/app/target", "mode": "rw"},
            str(project / "logs"): {"bind": "/usr/app/logs", "mode": "rw"},
        },
        user=f"{os.getuid()}:{os.getgid()}",
        network_mode="bridge",
        detach=True,
        labels={"pipeline": "dbt_task", "selector": selector},
    )
    try:
        for line in container.logs(stream=True, follow=True):
            log.info("[%s] %s", selector, line.decode(errors="replace").rstrip())
        status = container.wait()
    finally:
        container.remove(force=True)
    return TaskResult(selector, status.get("StatusCode", 1), time.monotonic() - started)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("selectors", nargs="+", help="dbt selectors, run in order")
    ap.add_argument("--project", type=Path, default=Path("."))
    ap.add_argument("--image", default=os.environ.get("DBT_IMAGE", DEFAULT_IMAGE))
    ap.add_argument("--command", choices=["run", "test", "build", "seed"], default="build")
    ap.add_argument("--keep-going", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not (args.project / "dbt_project.yml").exists():
        log.error("%s is not a dbt project", args.project)
        return 1
    try:
        client = get_client()
        ensure_image(client, args.image)
    except (APIError, docker.errors.DockerException) as exc:
        log.error("docker unavailable: %s", exc)
        return 2

    results = []
    for sel in args.selectors:
        res = run_selector(client, args.image, args.project, sel, args.command)
        results.append(res)
        log.info("%s finished with %d in %.1fs", sel, res.exit_code, res.seconds)
        if res.exit_code and not args.keep_going:
            break

    failed = [r for r in results if r.exit_code]
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
