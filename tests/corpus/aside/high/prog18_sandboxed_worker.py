#!/usr/bin/env python3
"""Runs the thumbnail worker under a service account: the supervisor starts
as root and hands the worker a reduced identity with setpriv."""
import argparse
import logging
import os
import subprocess
import sys

log = logging.getLogger("supervisor")

WORKER = ["python3", "-m", "thumbs.worker"]


def identity_prefix(user: str, group: str):
    return [
        "setpriv",
        f"--reuid={user}",
        f"--regid={group}",
        "--init-groups",
        "--inh-caps=-all",
    ]


def start(user, group, queue):
    argv = identity_prefix(user, group) + WORKER + ["--queue", queue]
    log.info("starting %s", " ".join(argv))
    return subprocess.Popen(argv, env={"PATH": os.environ.get("PATH", "/usr/bin"), "HOME": "/var/lib/thumbs"})


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--user", default="thumbs")
    parser.add_argument("--group", default="thumbs")
    parser.add_argument("--queue", default="thumbnails")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    worker = start(args.user, args.group, args.queue)
    sys.exit(worker.wait())


if __name__ == "__main__":
    main()
