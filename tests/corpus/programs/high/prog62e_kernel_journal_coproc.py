#!/usr/bin/env python3
"""Follow the *kernel* ring buffer through journald as a co-process and
count OOM-killer and hung-task events.  The kernel journal needs root, so
the follower is started through non-interactive sudo in its own session."""
import argparse
import collections
import json
import logging
import os
import re
import selectors
import signal
import subprocess
import sys
import time

log = logging.getLogger("kernel-follow")

ELEVATE = ["sudo", "--non-interactive", "--"]
FOLLOW_CMD = ["journalctl", "--dmesg", "--follow", "--output=json", "--lines=0"]
PATTERNS = {
    "oom": re.compile(r"Out of memory|oom-kill"),
    "hung": re.compile(r"blocked for more than \d+ seconds"),
    "io": re.compile(r"I/O error|blk_update_request"),
}


class KernelFollower:
    def __init__(self, priority):
        self.priority = priority
        self.proc = None
        self.counts = collections.Counter()

    def command(self):
        return ELEVATE + FOLLOW_CMD + [f"--priority={self.priority}"]

    def start(self):
        self.proc = subprocess.Popen(
            self.command(),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,
            bufsize=0,
        )
        log.info("follower pid=%d", self.proc.pid)

    def stop(self):
        if self.proc and self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGTERM)
                self.proc.wait(timeout=3)
            except (PermissionError, subprocess.TimeoutExpired):
                subprocess.run(ELEVATE + ["kill", "-TERM", f"-{self.proc.pid}"],
                               check=False)

    def handle(self, raw):
        try:
            entry = json.loads(raw)
        except ValueError:
            return
        msg = entry.get("MESSAGE", "")
        if not isinstance(msg, str):
            return
        for name, rx in PATTERNS.items():
            if rx.search(msg):
                self.counts[name] += 1
                print(f"{time.strftime('%H:%M:%S')} [{name}] {msg}")

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
                    text = chunk.decode(errors="replace").strip()
                    if "password is required" in text:
                        raise SystemExit("sudo needs a password; configure NOPASSWD")
                    log.warning("journalctl: %s", text)
                    continue
                pending += chunk
                *lines, pending = pending.split(b"\n")
                for line in lines:
                    self.handle(line)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--priority", default="warning")
    ap.add_argument("--duration", type=int, default=0, help="seconds, 0 = forever")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")

    follower = KernelFollower(args.priority)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    follower.start()
    try:
        follower.pump(args.duration)
    except KeyboardInterrupt:
        pass
    finally:
        follower.stop()
    for name, n in follower.counts.most_common():
        print(f"{n:6d}  {name}")


if __name__ == "__main__":
    main()
