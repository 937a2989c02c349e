#!/usr/bin/env python3
"""Launch a GPU training job in a container via the Docker engine API.

The job spec (image, command, environment) comes from a JSON file. The
container is started privileged so the training image can reach every GPU
and InfiniBand device without enumerating them.
"""
import argparse
import json
import logging
import os
import sys
import time
from urllib.parse import quote

import requests_unixsocket

logger = logging.getLogger("gpu-launcher")
ENGINE = "http+unix://" + quote("/var/run/docker.sock", safe="")


def build_container_spec(job, workdir):
    """Translate our job file into a Docker create-container payload."""
    env = [f"{k}={v}" for k, v in job.get("env", {}).items()]
    env.append(f"NUM_GPUS={job.get('gpus', 1)}")
    return {
        "Image": job["image"],
        "Cmd": job["command"],
        "Env": env,
        "WorkingDir": "/workspace",
        "Labels": {"ml.job": job["name"]},
        "HostConfig": {
            "Privileged": True,
            "ShmSize": 16 * 1024 ** 3,
            "Binds": [f"{workdir}:/workspace"],
            "AutoRemove": False,
        },
    }


class JobRunner:
    def __init__(self):
        self.session = requests_unixsocket.Session()

    def _url(self, path):
        return f"{ENGINE}/v1.43{path}"

    def create(self, name, spec):
        resp = self.session.post(self._url(f"/containers/create?name={name}"), json=spec)
        resp.raise_for_status()
        return resp.json()["Id"]

    def start(self, container_id):
        self.session.post(self._url(f"/containers/{container_id}/start")).raise_for_status()

    def wait(self, container_id, poll=15):
        while True:
            info = self.session.get(self._url(f"/containers/{container_id}/json")).json()
            state = info["State"]
            if not state["Running"]:
                return state["ExitCode"]
            logger.info("job still running (started %s)", state["StartedAt"])
            time.sleep(poll)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("jobfile")
    parser.add_argument("--workdir", default=os.getcwd())
    parser.add_argument("--detach", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="[%(asctime)s] %(message)s")

    try:
        with open(args.jobfile, encoding="utf-8") as fh:
            job = json.load(fh)
        spec = build_container_spec(job, os.path.abspath(args.workdir))
    except (OSError, KeyError, json.JSONDecodeError) as exc:
        logger.error("invalid job file: %s", exc)
        return 2

    runner = JobRunner()
    try:
        cid = runner.create(job["name"], spec)
        runner.start(cid)
    except Exception as exc:  # requests raises several types here
        logger.error("could not start job: %s", exc)
        return 1
    logger.info("started %s as %s", job["name"], cid[:12])
    if args.detach:
        return 0
    code = runner.wait(cid)
    logger.info("job finished with exit code %d", code)
    return code


if __name__ == "__main__":
    sys.exit(main())
