#!/usr/bin/env python3
"""cibox -- run CI pipeline steps inside containers on a self-hosted runner.

Pipeline file (./cibox.yml):

    image: python:3.12-slim
    steps:
      - name: test
        run: pip install -e .[test] && pytest -q
      - name: build-image
        image: docker:24-dind
        dind: true
        run: docker build -t myapp:ci .

Each step runs in a fresh container with the repository bind-mounted at
/workspace.  Steps marked ``dind: true`` get a nested Docker daemon and
therefore run privileged.  Logs go to ./.cibox/logs/<step>.log.
"""
import argparse
import logging
import sys
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, Iterator, List, Optional

import docker
import yaml
from docker.errors import APIError, ImageNotFound

log = logging.getLogger("cibox")
DOCKER_SOCKET = "unix:///var/run/docker.sock"
LOG_DIR = Path(".cibox/logs")


@dataclass
class Step:
    name: str
    run: str
    image: Optional[str] = None
    dind: bool = False
    env: Dict[str, str] = field(default_factory=dict)
    timeout: int = 1800
    allow_failure: bool = False


@dataclass
class Pipeline:
    image: str
    steps: List[Step]
    env: Dict[str, str] = field(default_factory=dict)

    @classmethod
    def from_file(cls, path: Path) -> "Pipeline":
        raw = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        if "steps" not in raw:
            raise SystemExit("%s has no steps" % path)
        steps = [Step(**s) for s in raw["steps"]]
        return cls(image=raw.get("image", "alpine:3.19"), steps=steps, env=raw.get("env", {}))


@dataclass
class StepResult:
    name: str
    exit_code: int
    seconds: float
    skipped: bool = False

    @property
    def ok(self) -> bool:
        return self.skipped or self.exit_code == 0


class Runner:
    def __init__(self, workspace: Path, pull: bool = True):
        self.workspace = workspace.resolve()
        self.client = docker.DockerClient(base_url=DOCKER_SOCKET, timeout=120)
        self.pull = pull

    def ensure_image(self, image: str) -> None:
        try:
            self.client.images.get(image)
            if not self.pull:
                return
        except ImageNotFound:
            pass
        log.info("pulling %s", image)
        self.client.images.pull(image)

    @contextmanager
    def container(self, step: Step, image: str, env: Dict[str, str]) -> Iterator:
        volumes = {str(self.workspace): {"bind": "/workspace", "mode": "rw"}}
        kwargs = dict(
            image=image,
            command=["sh", "-ec", step.run],
            working_dir="/workspace",
            environment={**env, **step.env, "CI": "true", "CIBOX_STEP": step.name},
            volumes=volumes,
            detach=True,
            labels={"cibox.step": step.name},
        )
        if step.dind:
            # nested dockerd needs full privileges and its own storage
            kwargs.update(privileged=True, environment={**kwargs["environment"], "DOCKER_TLS_CERTDIR": ""})
            kwargs["command"] = ["sh", "-ec", "dockerd-entrypoint.sh >/tmp/dockerd.log 2>&1 & "
                                 "for i in $(seq 30); do docker info >/dev/null 2>&1 && break; sleep 1; done; "
                                 + step.run]
        ctr = self.client.containers.run(**kwargs)
        try:
            yield ctr
        finally:
            try:
                ctr.remove(force=True)
            except APIError as exc:
                log.warning("could not remove container %s: %s", ctr.short_id, exc)

    def run_step(self, step: Step, pipeline: Pipeline) -> StepResult:
        image = step.image or pipeline.image
        self.ensure_image(image)
        LOG_DIR.mkdir(parents=True, exist_ok=True)
        log_path = LOG_DIR / ("%s.log" % step.name)
        started = time.monotonic()
        with self.container(step, image, pipeline.env) as ctr, log_path.open("wb") as out:
            for chunk in ctr.logs(stream=True, follow=True):
                out.write(chunk)
                sys.stdout.buffer.write(chunk)
                sys.stdout.flush()
                if time.monotonic() - started > step.timeout:
                    log.error("step %s timed out after %ds", step.name, step.timeout)
                    ctr.kill()
                    break
            status = ctr.wait(timeout=60)
        return StepResult(step.name, int(status.get("StatusCode", 1)), time.monotonic() - started)

    def prune(self) -> int:
        removed = 0
        for ctr in self.client.containers.list(all=True, filters={"label": "cibox.step"}):
            ctr.remove(force=True)
            removed += 1
        return removed


def run_pipeline(runner: Runner, pipeline: Pipeline, only: Optional[List[str]] = None) -> List[StepResult]:
    results = []
    failed = False
    for step in pipeline.steps:
        if only and step.name not in only:
            continue
        if failed:
            results.append(StepResult(step.name, 0, 0.0, skipped=True))
            continue
        print("==> %s" % step.name, flush=True)
        result = runner.run_step(step, pipeline)
        results.append(result)
        if not result.ok and not step.allow_failure:
            failed = True
    return results


def summarise(results: List[StepResult]) -> int:
    print("\n%-24s %-8s %s" % ("step", "status", "time"))
    rc = 0
    for r in results:
        status = "skipped" if r.skipped else ("ok" if r.ok else "FAILED(%d)" % r.exit_code)
        print("%-24s %-8s %.1fs" % (r.name, status, r.seconds))
        if not r.ok:
            rc = 1
    return rc


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="cibox")
    parser.add_argument("-f", "--file", default="cibox.yml")
    parser.add_argument("-w", "--workspace", default=".")
    parser.add_argument("--step", action="append", help="run only the named step(s)")
    parser.add_argument("--no-pull", action="store_true")
    parser.add_argument("--prune", action="store_true", help="remove leftover step containers and exit")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    runner = Runner(Path(args.workspace), pull=not args.no_pull)
    if args.prune:
        print("removed %d container(s)" % runner.prune())
        return 0
    pipeline = Pipeline.from_file(Path(args.file))
    return summarise(run_pipeline(runner, pipeline, args.step))


if __name__ == "__main__":
    sys.exit(main())
