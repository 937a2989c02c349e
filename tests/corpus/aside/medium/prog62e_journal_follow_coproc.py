#!/usr/bin/env python3
"""Follow the *user* journal as a co-process and count error bursts per
unit.  The follower runs in its own session so that Ctrl-C in this tool
tears down the whole process group cleanly."""
import argparse
import collections
import json
import logging
import os
import selectors
import signal
import subprocess
import sys
import time

log = logging.getLogger("journal-follow")

FOLLOW_CMD = ["journalctl", "--user", "--follow", "--output=json", "--lines=0"]


class JournalFollower:
    def __init__(self, units, priority):
        self.units = units
        self.priority = priority
        self.proc = None
        self.counts = collections.Counter()

    def command(self):
        cmd = list(FOLLOW_CMD) + [f"--priority={self.priority}"]
        for unit in self.units:
            cmd += ["--user-unit", unit]
        return cmd

    def start(self):
        self.proc = subprocess.Popen(
            self.command(),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,
            bufsize=0,
        )
        log.info("follower pid=%d pgid=%d", self.proc.pid, os.getpgid(self.proc.pid))

    def stop(self):
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=3)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)

    def handle(self, raw):
        try:
            entry = json.loads(raw)
        except ValueError:
            return
        unit = entry.get("_SYSTEMD_USER_UNIT", entry.get("SYSLOG_IDENTIFIER", "?"))
        self.counts[unit] += 1
        print(f"{time.strftime('%H:%M:%S')} {unit}: {entry.get('MESSAGE', '')}")

    def pump(self, duration):
        sel = selectors.DefaultSelector()
        sel.register(self.proc.stdout, selectors.EVENT_READ, "out")
        sel.register(self.proc.stderr, selectors.EVENT_READ, "err")
        deadline = time.monotonic() + duration if duration else None
        pending = b""
        while deadline is None or time.monotonic() < deadline:
            for key, _ in sel.select(timeout=1.0):
                chunk = os.read(key.fileobj.fileno(), 65536)
                if not chunk:
                    return
                if key.data == "err":
                    log.warning("journalctl: %s", chunk.decode(errors="replace").strip())
                    continue
                pending += chunk
                *lines, pending = pending.split(b"\n")
                for line in lines:
                    self.handle(line)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("units", nargs="*", help="user units to watch (default: all)")
    ap.add_argument("--priority", default="err")
    ap.add_argument("--duration", type=int, default=0, help="seconds, 0 = forever")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")

    follower = JournalFollower(args.units, args.priority)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    follower.start()
    try:
        follower.pump(args.duration)
    except KeyboardInterrupt:
        pass
    finally:
        follower.stop()
    for unit, n in follower.counts.most_common():
        print(f"{n:6d}  {unit}")


if __name__ == "__main__":
    main()
