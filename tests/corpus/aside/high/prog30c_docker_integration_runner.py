#!/usr/bin/env python3
"""Spin up throwaway dependency containers and run the integration suite.

Talks to the local Docker daemon through the docker SDK: starts Postgres and
LocalStack on a private network, builds the application test image, runs the
tests inside it and tears everything down again.
"""

import argparse
import logging
import sys
import time
import uuid

import docker
from docker.errors import APIError, BuildError, ImageNotFound

log = logging.getLogger("itest")

SERVICES = {
    "postgres": {
        "image": "postgres:16-alpine",
        "environment": {"POSTGRES_PASSWORD": "itest", "POSTGRES_DB": "app"},
        "healthcheck": {"test": ["CMD", "pg_isready", "-U", "postgres"],
                        "interval": 2_000_000_000, "retries": 30},
    },
    "localstack": {
        "image": "localstack/localstack:3.4",
        "environment": {"SERVICES": "s3,sqs,secretsmanager"},
        "healthcheck": {"test": ["CMD", "curl", "-sf", "http://localhost:4566/_localstack/health"],
                        "interval": 3_000_000_000, "retries": 40},
    },
}


class IntegrationEnv:
    def __init__(self, client, run_id):
        self.client = client
        self.run_id = run_id
        self.network = None
        self.containers = []

    def __enter__(self):
        self.network = self.client.networks.create(f"itest-{self.run_id}", driver="bridge")
        for alias, spec in SERVICES.items():
            self._ensure_image(spec["image"])
            ctr = self.client.containers.run(
                spec["image"], detach=True, name=f"{alias}-{self.run_id}",
                environment=spec["environment"], healthcheck=spec["healthcheck"],
                labels={"itest.run": self.run_id})
            self.network.connect(ctr, aliases=[alias])
            self.containers.append(ctr)
            log.info("started %s (%s)", alias, ctr.short_id)
        self._wait_healthy()
        return self

    def __exit__(self, *exc):
        for ctr in self.containers:
            try:
                ctr.remove(force=True, v=True)
            except APIError as err:
                log.warning("could not remove %s: %s", ctr.name, err)
        if self.network:
            self.network.remove()
        return False

    def _ensure_image(self, ref):
        try:
            self.client.images.get(ref)
        except ImageNotFound:
            log.info("pulling %s", ref)
            self.client.images.pull(ref)

    def _wait_healthy(self, timeout=180):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            states = []
            for ctr in self.containers:
                ctr.reload()
                states.append(ctr.attrs["State"].get("Health", {}).get("Status"))
            if all(s == "healthy" for s in states):
                return
            time.sleep(2)
        raise TimeoutError("dependency containers never became healthy")


def build_test_image(client, context_dir, tag):
    log.info("building %s from %s", tag, context_dir)
    image, logs = client.images.build(path=context_dir, dockerfile="Dockerfile.test",
                                      tag=tag, rm=True, pull=True)
    for chunk in logs:
        if "stream" in chunk:
            log.debug(chunk["stream"].rstrip())
    return image


def run_tests(client, env, image, pytest_args):
    ctr = client.containers.run(
        image.id, command=["pytest", "-q", *pytest_args], detach=True,
        network=env.network.name,
        environment={"DATABASE_URL": "postgresql://postgres:itest@postgres/app",
                     "AWS_ENDPOINT_URL": "http://localstack:4566"})
    result = ctr.wait(timeout=1800)
    sys.stdout.write(ctr.logs().decode(errors="replace"))
    ctr.remove(force=True)
    return result.get("StatusCode", 1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--context", default=".")
    ap.add_argument("--keep-image", action="store_true")
    ap.add_argument("pytest_args", nargs="*", default=["tests/integration"])
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    client = docker.from_env(timeout=120)
    run_id = uuid.uuid4().hex[:8]
    tag = f"app-itest:{run_id}"
    try:
        image = build_test_image(client, args.context, tag)
        with IntegrationEnv(client, run_id) as env:
            code = run_tests(client, env, image, args.pytest_args)
    except (BuildError, APIError, TimeoutError) as exc:
        log.error("integration run failed: %s", exc)
        return 2
    finally:
        if not args.keep_image:
            try:
                client.images.remove(tag, force=True)
            except (ImageNotFound, APIError):
                pass
    log.info("tests exited with %s", code)
    return code


if __name__ == "__main__":
    sys.exit(main())
