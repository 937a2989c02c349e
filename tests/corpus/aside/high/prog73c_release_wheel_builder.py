#!/usr/bin/env python3
"""Build the release artifacts for a tagged version.

Reads the version from pyproject.toml, checks that it matches the git tag and
builds manylinux wheels for every supported CPython inside the manylinux
image (with binfmt emulation for aarch64/ppc64le), then writes SHA256SUMS
plus a small release manifest into ``dist/``.  The release workflow uploads
whatever ends up in ``dist/``.
"""
import argparse
import hashlib
import json
import logging
import os
import shutil
import sys
from pathlib import Path

import docker
from docker.errors import APIError, ContainerError, ImageNotFound

try:
    import tomllib
except ModuleNotFoundError:  # Python < 3.11
    import tomli as tomllib

log = logging.getLogger("release")

DIST = Path("dist")
IMAGE = "quay.io/pypa/manylinux_2_28_{arch}:latest"
BINFMT_IMAGE = "tonistiigi/binfmt:latest"
PYTHONS = ("cp39-cp39", "cp310-cp310", "cp311-cp311", "cp312-cp312")
BUILD_SCRIPT = """
set -eu
for py in {pythons}; do
  /opt/python/$py/bin/pip wheel --no-deps -w /tmp/wheels /src
done
for whl in /tmp/wheels/*.whl; do auditwheel repair -w /dist "$whl"; done
"""


def project_metadata(pyproject="pyproject.toml"):
    with open(pyproject, "rb") as fh:
        data = tomllib.load(fh)
    proj = data.get("project", {})
    return proj["name"], proj["version"]


def clean_dist():
    if DIST.exists():
        shutil.rmtree(DIST)
    DIST.mkdir()


class ContainerBuilder:
    def __init__(self, client=None):
        self.client = client or docker.DockerClient(base_url="unix:///var/run/docker.sock")

    def enable_emulation(self, arches):
        foreign = [a for a in arches if a != os.uname().machine]
        if not foreign:
            return
        log.info("registering binfmt handlers for %s", ", ".join(foreign))
        self.client.containers.run(BINFMT_IMAGE, ["--install", ",".join(foreign)],
                                   privileged=True, remove=True)

    def build(self, arch, src):
        image = IMAGE.format(arch=arch)
        try:
            self.client.images.get(image)
        except ImageNotFound:
            log.info("pulling %s", image)
            self.client.images.pull(image)
        script = BUILD_SCRIPT.format(pythons=" ".join(PYTHONS))
        log.info("building %s wheels", arch)
        logs = self.client.containers.run(
            image, ["bash", "-c", script],
            volumes={str(src): {"bind": "/src", "mode": "ro"},
                     str(DIST.resolve()): {"bind": "/dist", "mode": "rw"}},
            privileged=True, remove=True, stdout=True, stderr=True)
        log.debug(logs.decode(errors="replace"))


def sha256_file(path, bufsize=1 << 20):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(bufsize), b""):
            h.update(chunk)
    return h.hexdigest()


def write_manifest(name, version, files):
    sums = {f.name: sha256_file(f) for f in files}
    (DIST / "SHA256SUMS").write_text(
        "".join(f"{digest}  {fname}\n" for fname, digest in sorted(sums.items())))
    manifest = {"name": name, "version": version,
                "files": [{"name": n, "sha256": d, "size": (DIST / n).stat().st_size}
                          for n, d in sorted(sums.items())]}
    (DIST / "release.json").write_text(json.dumps(manifest, indent=2) + "\n")
    return manifest


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--arch", action="append", default=None,
                    help="x86_64, aarch64, ppc64le (repeatable)")
    ap.add_argument("--tag", default=os.environ.get("GITHUB_REF_NAME"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    arches = args.arch or ["x86_64", "aarch64"]

    name, version = project_metadata()
    if args.tag and args.tag.lstrip("v") != version:
        log.error("tag %s does not match pyproject version %s", args.tag, version)
        return 2

    clean_dist()
    builder = ContainerBuilder()
    try:
        builder.enable_emulation(arches)
        for arch in arches:
            builder.build(arch, Path.cwd())
    except (APIError, ContainerError) as exc:
        log.error("container build failed: %s", exc)
        return 1

    files = sorted(DIST.glob("*.whl"))
    if not files:
        log.error("build produced no wheels")
        return 1
    manifest = write_manifest(name, version, files)
    for entry in manifest["files"]:
        log.info("%-60s %10d  %s", entry["name"], entry["size"], entry["sha256"][:16])
    log.info("release %s %s ready in %s/", name, version, DIST)
    return 0


if __name__ == "__main__":
    sys.exit(main())
