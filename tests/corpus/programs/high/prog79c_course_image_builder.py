#!/usr/bin/env python3
"""Build and smoke-test the per-course single-user images.

Each course directory under courses/ holds a Dockerfile and a
course.json with the term tag and the smoke-test notebook. The builder
builds the image through the Docker Engine API, runs the smoke test inside
it with the GPU stack attached, and pushes the tag if the test passes.
"""
import argparse
import json
import logging
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import docker
from docker.errors import APIError, BuildError, ContainerError, ImageNotFound

log = logging.getLogger("course-images")

REGISTRY = "registry.cs-lab.example.edu/jupyter"


@dataclass
class CourseSpec:
    slug: str
    path: Path
    tag: str
    smoke_notebook: str = "smoke.ipynb"
    needs_gpu: bool = False
    build_args: dict = field(default_factory=dict)

    @classmethod
    def from_dir(cls, path):
        meta = json.loads((path / "course.json").read_text())
        return cls(
            slug=path.name,
            path=path,
            tag=f"{REGISTRY}/{path.name}:{meta.get('term', 'current')}",
            smoke_notebook=meta.get("smoke_notebook", "smoke.ipynb"),
            needs_gpu=meta.get("gpu", False),
            build_args=meta.get("build_args", {}),
        )


class ImageBuilder:
    def __init__(self, client, push=True):
        self.client = client
        self.push = push

    def build(self, spec):
        log.info("[%s] building %s", spec.slug, spec.tag)
        started = time.monotonic()
        image, logs = self.client.images.build(
            path=str(spec.path), tag=spec.tag, buildargs=spec.build_args,
            rm=True, pull=True,
        )
        for chunk in logs:
            if "stream" in chunk:
                log.debug("[%s] %s", spec.slug, chunk["stream"].rstrip())
        log.info("[%s] built %s in %.0fs", spec.slug, image.short_id, time.monotonic() - started)
        return image

    def _run_options(self, spec):
        opts = {
            "command": ["jupyter", "nbconvert", "--to", "notebook", "--execute",
                        "--ExecutePreprocessor.timeout=600", f"/srv/course/{spec.smoke_notebook}"],
            "volumes": {str(spec.path.resolve()): {"bind": "/srv/course", "mode": "ro"}},
            "remove": True,
            "stdout": True,
            "stderr": True,
        }
        if spec.needs_gpu:
            # nvidia-uvm device nodes are not always created on the build hosts
            opts["privileged"] = True
            opts["device_requests"] = [docker.types.DeviceRequest(count=-1, capabilities=[["gpu"]])]
        return opts

    def smoke_test(self, spec):
        log.info("[%s] running smoke test %s", spec.slug, spec.smoke_notebook)
        output = self.client.containers.run(spec.tag, **self._run_options(spec))
        log.debug("[%s] %s", spec.slug, output.decode(errors="replace")[-2000:])

    def publish(self, spec):
        if not self.push:
            return
        for line in self.client.images.push(spec.tag, stream=True, decode=True):
            if "error" in line:
                raise APIError(line["error"])
        log.info("[%s] pushed %s", spec.slug, spec.tag)


def discover(root, only):
    for d in sorted(Path(root).iterdir()):
        if d.is_dir() and (d / "Dockerfile").exists() and (d / "course.json").exists():
            if not only or d.name in only:
                yield CourseSpec.from_dir(d)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--courses", default="courses")
    ap.add_argument("--only", nargs="*", default=[])
    ap.add_argument("--no-push", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    client = docker.from_env(timeout=600)
    builder = ImageBuilder(client, push=not args.no_push)
    failed = []
    for spec in discover(args.courses, set(args.only)):
        try:
            builder.build(spec)
            builder.smoke_test(spec)
            builder.publish(spec)
        except (BuildError, ContainerError, APIError, ImageNotFound) as exc:
            log.error("[%s] failed: %s", spec.slug, exc)
            failed.append(spec.slug)
    if failed:
        log.error("failed courses: %s", ", ".join(failed))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
