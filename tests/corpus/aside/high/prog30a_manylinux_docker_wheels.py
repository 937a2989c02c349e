#!/usr/bin/env python3
"""Build manylinux wheels for a C-extension project inside the PyPA images.

Talks to the Docker engine directly over its UNIX socket (docker SDK), runs
one container per target Python, mounts the project read-only and collects
the repaired wheels in ./wheelhouse.
"""
import argparse
import logging
import sys
import time
from pathlib import Path

import docker
from docker.errors import APIError, ImageNotFound

LOG = logging.getLogger("manylinux")

DOCKER_SOCKET = "unix:///var/run/docker.sock"
IMAGES = {
    "x86_64": "quay.io/pypa/manylinux_2_28_x86_64",
    "aarch64": "quay.io/pypa/manylinux_2_28_aarch64",
}
DEFAULT_PYTHONS = ("cp39-cp39", "cp310-cp310", "cp311-cp311", "cp312-cp312")

BUILD_SCRIPT = r"""
set -eu
PYBIN=/opt/python/{tag}/bin
"$PYBIN/pip" wheel --no-deps -w /tmp/raw /project
for whl in /tmp/raw/*.whl; do
    auditwheel repair --plat {plat} -w /out "$whl"
done
"""


class WheelBuildError(RuntimeError):
    pass


class ManylinuxBuilder:
    def __init__(self, project, outdir, arch, timeout):
        self.project = Path(project).resolve()
        self.outdir = Path(outdir).resolve()
        self.arch = arch
        self.image = IMAGES[arch]
        self.timeout = timeout
        self.client = docker.DockerClient(base_url=DOCKER_SOCKET, timeout=120)

    def ensure_image(self, pull):
        try:
            self.client.images.get(self.image)
            if not pull:
                return
        except ImageNotFound:
            pass
        LOG.info("pulling %s", self.image)
        self.client.images.pull(self.image, tag="latest")

    def build_one(self, tag):
        plat = self.image.rsplit("/", 1)[1]
        script = BUILD_SCRIPT.format(tag=tag, plat=plat)
        LOG.info("[%s] starting container", tag)
        container = self.client.containers.run(
            self.image,
            ["bash", "-c", script],
            volumes={
                str(self.project): {"bind": "/project", "mode": "ro"},
                str(self.outdir): {"bind": "/out", "mode": "rw"},
            },
            environment={"PIP_DISABLE_PIP_VERSION_CHECK": "1"},
            detach=True,
            network_mode="bridge",
        )
        started = time.monotonic()
        try:
            result = container.wait(timeout=self.timeout)
            logs = container.logs(tail=40).decode("utf-8", "replace")
            if result.get("StatusCode", 1) != 0:
                raise WheelBuildError(f"{tag} failed:\n{logs}")
            LOG.info("[%s] ok in %.0fs", tag, time.monotonic() - started)
        finally:
            container.remove(force=True)

    def build_all(self, tags):
        self.outdir.mkdir(parents=True, exist_ok=True)
        failures = []
        for tag in tags:
            try:
                self.build_one(tag)
            except (WheelBuildError, APIError) as exc:
                LOG.error("%s", exc)
                failures.append(tag)
        return failures


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("project", nargs="?", default=".")
    ap.add_argument("--outdir", default="wheelhouse")
    ap.add_argument("--arch", choices=sorted(IMAGES), default="x86_64")
    ap.add_argument("--python", action="append", dest="pythons",
                    help="CPython tag such as cp311-cp311 (repeatable)")
    ap.add_argument("--pull", action="store_true", help="always pull the image")
    ap.add_argument("--timeout", type=int, default=1800)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not (Path(args.project) / "pyproject.toml").exists():
        LOG.error("%s has no pyproject.toml", args.project)
        return 2
    builder = ManylinuxBuilder(args.project, args.outdir, args.arch, args.timeout)
    builder.ensure_image(args.pull)
    failures = builder.build_all(args.pythons or DEFAULT_PYTHONS)
    wheels = sorted(Path(args.outdir).glob("*.whl"))
    for whl in wheels:
        LOG.info("built %s", whl.name)
    if failures:
        LOG.error("failed targets: %s", ", ".join(failures))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
