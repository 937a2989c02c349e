#!/usr/bin/env python3
"""Run integration tests inside a throwaway Docker-in-Docker daemon.

Talks to the runner's Docker Engine through its UNIX socket using the Docker
SDK, starts a privileged docker:dind sidecar, runs the test image against it
and collects the junit report into ./reports.
"""
import argparse
import io
import logging
import tarfile
import time
import uuid
from pathlib import Path

import docker
from docker.errors import APIError, ImageNotFound

log = logging.getLogger("dind-it")

ENGINE_SOCKET = "unix:///var/run/docker.sock"
DIND_IMAGE = "docker:27-dind"


def start_dind(client, network):
    name = f"it-dind-{uuid.uuid4().hex[:8]}"
    log.info("starting %s", name)
    container = client.containers.run(
        DIND_IMAGE,
        name=name,
        detach=True,
        privileged=True,
        network=network.name,
        environment={"DOCKER_TLS_CERTDIR": ""},
        tmpfs={"/var/lib/docker": "size=4g"},
        labels={"ci.purpose": "integration"},
    )
    return container


def wait_ready(container, timeout=60):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        rc, _ = container.exec_run("docker info", demux=True)
        if rc == 0:
            return True
        time.sleep(2)
    return False


def run_tests(client, network, dind_name, image, pytest_args):
    log.info("running %s against %s", image, dind_name)
    tester = client.containers.run(
        image,
        command=["pytest", "-q", "--junitxml=/out/junit.xml", *pytest_args],
        environment={"DOCKER_HOST": f"tcp://{dind_name}:2375"},
        network=network.name,
        detach=True,
    )
    result = tester.wait()
    for line in tester.logs(stream=True):
        print(line.decode(errors="replace"), end="")
    return tester, result.get("StatusCode", 1)


def copy_report(container, dest):
    dest.mkdir(parents=True, exist_ok=True)
    stream, _ = container.get_archive("/out/junit.xml")
    buf = io.BytesIO(b"".join(stream))
    with tarfile.open(fileobj=buf) as tar:
        member = tar.getmember("junit.xml")
        (dest / "junit.xml").write_bytes(tar.extractfile(member).read())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("image", help="test image, e.g. registry/app-tests:sha")
    ap.add_argument("--reports", type=Path, default=Path("reports"))
    ap.add_argument("pytest_args", nargs="*")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    client = docker.DockerClient(base_url=ENGINE_SOCKET)
    network = client.networks.create(f"it-net-{uuid.uuid4().hex[:6]}")
    dind = tester = None
    try:
        dind = start_dind(client, network)
        if not wait_ready(dind):
            log.error("dind daemon did not come up")
            return 1
        tester, code = run_tests(client, network, dind.name, args.image, args.pytest_args)
        copy_report(tester, args.reports)
        return code
    except (APIError, ImageNotFound) as exc:
        log.error("docker error: %s", exc)
        return 1
    finally:
        for c in (tester, dind):
            if c is not None:
                c.remove(force=True)
        network.remove()


if __name__ == "__main__":
    raise SystemExit(main())
