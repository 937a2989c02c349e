#!/usr/bin/env python3
"""Remove exited CI containers and dangling images older than a cutoff.

Talks to the local Docker engine through its unix socket. Intended to run
from a maintenance timer on build agents.
"""
import argparse
import logging
import sys
from datetime import datetime, timedelta, timezone

import docker
from docker.errors import APIError, NotFound

LOG = logging.getLogger("reaper")
DOCKER_SOCKET = "unix:///var/run/docker.sock"


def parse_ts(value):
    """Docker timestamps have nanoseconds; trim to microseconds."""
    value = value.rstrip("Z")
    if "." in value:
        head, frac = value.split(".", 1)
        value = f"{head}.{frac[:6]}"
    return datetime.fromisoformat(value).replace(tzinfo=timezone.utc)


class Reaper:
    def __init__(self, client, max_age, label, dry_run):
        self.client = client
        self.cutoff = datetime.now(timezone.utc) - max_age
        self.label = label
        self.dry_run = dry_run
        self.removed = 0

    def stale_containers(self):
        filters = {"status": "exited"}
        if self.label:
            filters["label"] = self.label
        for container in self.client.containers.list(all=True, filters=filters):
            finished = container.attrs["State"].get("FinishedAt", "")
            if finished and parse_ts(finished) < self.cutoff:
                yield container

    def reap_containers(self):
        for container in self.stale_containers():
            LOG.info("removing container %s (%s)", container.short_id, container.name)
            if self.dry_run:
                continue
            try:
                container.remove(v=True)
                self.removed += 1
            except NotFound:
                LOG.debug("%s already gone", container.short_id)
            except APIError as exc:
                LOG.warning("could not remove %s: %s", container.short_id, exc)

    def reap_images(self):
        if self.dry_run:
            dangling = self.client.images.list(filters={"dangling": True})
            LOG.info("would prune %d dangling images", len(dangling))
            return
        result = self.client.images.prune(filters={"dangling": True})
        reclaimed = result.get("SpaceReclaimed", 0) / (1024 * 1024)
        LOG.info("pruned images, reclaimed %.1f MiB", reclaimed)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hours", type=int, default=24)
    parser.add_argument("--label", default="ci.job")
    parser.add_argument("--images", action="store_true", help="also prune images")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        client = docker.DockerClient(base_url=DOCKER_SOCKET, timeout=30)
        client.ping()
    except docker.errors.DockerException as exc:
        LOG.error("docker engine unavailable: %s", exc)
        return 1

    reaper = Reaper(client, timedelta(hours=args.hours), args.label, args.dry_run)
    reaper.reap_containers()
    if args.images:
        reaper.reap_images()
    LOG.info("done, %d containers removed", reaper.removed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
