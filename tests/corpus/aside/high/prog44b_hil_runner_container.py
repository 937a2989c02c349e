#!/usr/bin/env python3
"""Start a hardware-in-the-loop test runner container next to a farm board.

The HIL image bundles pytest, the lab's board-control library and the
flashing tools. To reach the debug probe, the USB-serial adapters and the
CAN interface it is started privileged with the host's /dev mounted, on the
host network namespace. Jobs are read from a queue file written by the CI
dispatcher; each job gets its own container.
"""
import argparse
import json
import logging
import sys
import time
from pathlib import Path

import docker
from docker.errors import APIError, ImageNotFound

log = logging.getLogger("hil-runner")
DEFAULT_IMAGE = "registry.lab.internal/hil/runner:2024.05"


def read_jobs(queue_file: Path):
    for line in queue_file.read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            yield json.loads(line)


def container_kwargs(job: dict, workspace: Path) -> dict:
    return {
        "command": ["pytest", "-x", "--board", job["board"], job.get("suite", "tests/smoke")],
        "name": f"hil-{job['board']}-{int(time.time())}",
        "detach": True,
        "privileged": True,
        "network_mode": "host",
        "volumes": {
            "/dev": {"bind": "/dev", "mode": "rw"},
            str(workspace): {"bind": "/workspace", "mode": "rw"},
        },
        "working_dir": "/workspace",
        "environment": {"BOARD": job["board"], "JOB_ID": str(job.get("id", "manual"))},
        "labels": {"lab.hil.board": job["board"]},
    }


def run_job(client, image: str, job: dict, workspace: Path, timeout: int) -> int:
    log.info("job %s on %s", job.get("id"), job["board"])
    ctr = client.containers.run(image, **container_kwargs(job, workspace))
    try:
        result = ctr.wait(timeout=timeout)
        logs = ctr.logs(tail=200).decode(errors="replace")
        (workspace / f"hil-{job['board']}.log").write_text(logs)
        code = int(result.get("StatusCode", 1))
        log.info("job %s finished with %d", job.get("id"), code)
        return code
    finally:
        try:
            ctr.remove(force=True)
        except APIError as exc:
            log.warning("could not remove container: %s", exc)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("queue", type=Path, help="JSON-lines job queue from the dispatcher")
    ap.add_argument("--image", default=DEFAULT_IMAGE)
    ap.add_argument("--workspace", type=Path, default=Path.cwd())
    ap.add_argument("--timeout", type=int, default=1800)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    client = docker.DockerClient(base_url="unix:///var/run/docker.sock")
    try:
        client.images.get(args.image)
    except ImageNotFound:
        log.info("pulling %s", args.image)
        client.images.pull(args.image)

    failures = 0
    for job in read_jobs(args.queue):
        try:
            if run_job(client, args.image, job, args.workspace.resolve(), args.timeout):
                failures += 1
        except (APIError, KeyError) as exc:
            log.error("job %r failed to start: %s", job, exc)
            failures += 1
    log.info("%d job(s) failed", failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
