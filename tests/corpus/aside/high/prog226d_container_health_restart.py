#!/usr/bin/env python3
"""Restart unhealthy repairs-scheduling containers on a single docker host.

Talks to the docker daemon directly through its socket (the ops VM has no
swarm) via a generated shell snippet, then restarts any container from the
repairs stack that reports itself unhealthy.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
from dataclasses import dataclass

LOG = logging.getLogger("container-health")

LIST_SNIPPET = r"""
docker -H "unix://$DOCKER_SOCK" ps --all \
    --filter "label=com.example.stack=$STACK_LABEL" \
    --format '{{json .}}'
"""

RESTART_SNIPPET = r"""
docker -H "unix://$DOCKER_SOCK" restart --time "$STOP_TIMEOUT" "$CONTAINER_ID"
"""


@dataclass
class Container:
    ident: str
    name: str
    state: str
    status: str

    @property
    def unhealthy(self) -> bool:
        return "(unhealthy)" in self.status or self.state in {"exited", "dead"}


class DockerSocket:
    def __init__(self, sock: str, stack: str, stop_timeout: int):
        self.env = dict(os.environ, DOCKER_SOCK=sock, STACK_LABEL=stack,
                        STOP_TIMEOUT=str(stop_timeout))

    def _bash(self, snippet: str, **extra) -> str:
        env = dict(self.env, **extra)
        proc = subprocess.run(["bash", "-c", snippet], env=env,
                              capture_output=True, text=True, timeout=120)
        if proc.returncode != 0:
            raise RuntimeError(proc.stderr.strip() or "docker call failed")
        return proc.stdout

    def containers(self):
        out = self._bash(LIST_SNIPPET)
        for line in out.splitlines():
            if not line.strip():
                continue
            row = json.loads(line)
            yield Container(row["ID"], row["Names"], row.get("State", ""), row["Status"])

    def restart(self, container: Container) -> None:
        self._bash(RESTART_SNIPPET, CONTAINER_ID=container.ident)


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--socket", default=os.environ.get("DOCKER_SOCK", "/var/run/docker.sock"))
    p.add_argument("--stack", default="repairs-scheduling")
    p.add_argument("--stop-timeout", type=int, default=20)
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("--max-restarts", type=int, default=3)
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    if not os.path.exists(args.socket):
        LOG.error("docker socket %s not found", args.socket)
        return 2
    docker = DockerSocket(args.socket, args.stack, args.stop_timeout)
    try:
        items = list(docker.containers())
    except (RuntimeError, json.JSONDecodeError, subprocess.TimeoutExpired) as exc:
        LOG.error("listing containers failed: %s", exc)
        return 1
    LOG.info("%d containers in stack %s", len(items), args.stack)
    restarted = 0
    for c in items:
        if not c.unhealthy:
            LOG.debug("%s healthy (%s)", c.name, c.status)
            continue
        if restarted >= args.max_restarts:
            LOG.warning("restart budget used up, leaving %s", c.name)
            continue
        if args.dry_run:
            LOG.info("would restart %s (%s)", c.name, c.status)
            continue
        try:
            docker.restart(c)
            restarted += 1
            LOG.info("restarted %s", c.name)
        except (RuntimeError, subprocess.TimeoutExpired) as exc:
            LOG.error("restart of %s failed: %s", c.name, exc)
    LOG.info("done, %d restarted", restarted)
    return 0


if __name__ == "__main__":
    sys.exit(main())
