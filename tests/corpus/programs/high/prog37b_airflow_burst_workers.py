#!/usr/bin/env python3
"""Burst extra Airflow Celery workers on this host when the queue backs up.

Talks to the local Docker Engine over its unix socket, starts worker
containers from the same image as the scheduler, and removes idle ones.
Workers run privileged because the `gcsfuse`-mounted staging bucket inside
the container needs /dev/fuse and CAP_SYS_ADMIN.
"""
import argparse
import logging
import os
import sys
import time
from typing import List

import docker
from docker.errors import APIError, NotFound
import redis

LOG = logging.getLogger("burst_workers")

DOCKER_SOCK = "unix:///var/run/docker.sock"
LABEL = "airflow.burst-worker"
DEFAULT_IMAGE = os.environ.get("AIRFLOW_IMAGE", "registry.internal/data/airflow:2.9.3")


class BurstManager:
    def __init__(self, image: str, queue: str, max_workers: int, network: str):
        self.client = docker.DockerClient(base_url=DOCKER_SOCK, timeout=30)
        self.image = image
        self.queue = queue
        self.max_workers = max_workers
        self.network = network

    def running(self) -> List:
        return self.client.containers.list(filters={"label": LABEL})

    def start_worker(self, idx: int):
        name = f"airflow-burst-{self.queue}-{idx}-{int(time.time())}"
        # connection settings come from the image's baked-in airflow.cfg
        env = {
            "AIRFLOW__CORE__EXECUTOR": "CeleryExecutor",
            "AIRFLOW__CELERY__WORKER_AUTOSCALE": "8,2",
            "STAGING_BUCKET": os.environ.get("STAGING_BUCKET", "acme-etl-staging"),
            "BURST_QUEUE": self.queue,
        }
        LOG.info("starting %s", name)
        return self.client.containers.run(
            self.image,
            command=["airflow", "celery", "worker", "--queues", self.queue, "--concurrency", "8"],
            name=name,
            detach=True,
            privileged=True,
            devices=["/dev/fuse:/dev/fuse:rwm"],
            environment=env,
            labels={LABEL: self.queue},
            network=self.network,
            restart_policy={"Name": "no"},
            mem_limit="6g",
        )

    def stop_worker(self, container) -> None:
        LOG.info("stopping %s", container.name)
        try:
            container.stop(timeout=120)
            container.remove()
        except NotFound:
            pass

    def reconcile(self, backlog: int, per_worker: int) -> None:
        current = self.running()
        wanted = min(self.max_workers, (backlog + per_worker - 1) // per_worker)
        LOG.info("backlog=%d running=%d wanted=%d", backlog, len(current), wanted)
        if wanted > len(current):
            for i in range(len(current), wanted):
                try:
                    self.start_worker(i)
                except APIError as exc:
                    LOG.error("could not start worker: %s", exc)
                    break
        elif wanted < len(current):
            oldest_first = sorted(current, key=lambda c: c.attrs["Created"])
            for c in oldest_first[: len(current) - wanted]:
                self.stop_worker(c)


def queue_depth(broker: redis.Redis, queue: str) -> int:
    return int(broker.llen(queue))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--queue", default="heavy_etl")
    ap.add_argument("--max-workers", type=int, default=6)
    ap.add_argument("--tasks-per-worker", type=int, default=8)
    ap.add_argument("--network", default="airflow_default")
    ap.add_argument("--image", default=DEFAULT_IMAGE)
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("--redis", default=os.environ.get("BURST_REDIS", "redis://localhost:6379/0"))
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    broker = redis.Redis.from_url(args.redis)
    mgr = BurstManager(args.image, args.queue, args.max_workers, args.network)
    while True:
        try:
            mgr.reconcile(queue_depth(broker, args.queue), args.tasks_per_worker)
        except (redis.RedisError, APIError) as exc:
            LOG.error("reconcile failed: %s", exc)
        if args.once:
            return 0
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
