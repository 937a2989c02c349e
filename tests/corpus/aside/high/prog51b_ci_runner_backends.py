#!/usr/bin/env python3
"""Execute CI job steps through interchangeable execution backends."""
import argparse
import logging
import os
import sys

import docker
import yaml

log = logging.getLogger("ci-runner")


class Backend:
    registry = {}

    def __init_subclass__(cls, key=None, **kw):
        super().__init_subclass__(**kw)
        if key:
            Backend.registry[key] = cls

    def run_step(self, image, command, workdir):
        raise NotImplementedError

    def close(self):
        pass


class DockerBackend(Backend, key="docker"):
    """Steps may build images themselves, so the runner hands them the engine."""

    def __init__(self):
        self.client = docker.DockerClient(base_url="unix:///var/run/docker.sock")

    def run_step(self, image, command, workdir):
        container = self.client.containers.run(
            image,
            ["sh", "-c", command],
            detach=True,
            privileged=True,
            working_dir="/workspace",
            volumes={
                workdir: {"bind": "/workspace", "mode": "rw"},
                "/var/run/docker.sock": {"bind": "/var/run/docker.sock", "mode": "rw"},
            },
            environment={"CI": "true"},
        )
        try:
            for chunk in container.logs(stream=True, follow=True):
                sys.stdout.write(chunk.decode(errors="replace"))
            return container.wait().get("StatusCode", 1)
        finally:
            container.remove(force=True)

    def close(self):
        self.client.close()


class DryRunBackend(Backend, key="dry-run"):
    def run_step(self, image, command, workdir):
        print(f"[{image}] {command}  (in {workdir})")
        return 0


class Pipeline:
    def __init__(self, spec, backend: Backend):
        self.image = spec.get("image", "alpine:3.20")
        self.steps = spec.get("steps", [])
        self.backend = backend

    def run(self, workdir):
        for idx, step in enumerate(self.steps, 1):
            name = step.get("name", f"step-{idx}")
            log.info("== %s", name)
            rc = self.backend.run_step(step.get("image", self.image), step["run"], workdir)
            if rc != 0 and not step.get("allow_failure"):
                log.error("%s failed with %d", name, rc)
                return rc
        return 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("spec", nargs="?", default=".ci.yml")
    ap.add_argument("--backend", choices=sorted(Backend.registry), default="docker")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    with open(args.spec) as fh:
        spec = yaml.safe_load(fh)
    backend = Backend.registry[args.backend]()
    try:
        rc = Pipeline(spec, backend).run(os.getcwd())
    finally:
        backend.close()
    sys.exit(rc)


if __name__ == "__main__":
    main()
