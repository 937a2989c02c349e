#!/usr/bin/env python3
"""Open the host completely so the load test is not throttled.

Detects which firewall front-ends are present, queues the commands that
turn each one off, and drains the queue from a worker thread so slow
service stops do not block detection.
"""
import argparse
import logging
import queue
import shutil
import subprocess
import threading

LOG = logging.getLogger("fw-reset")

BACKENDS = [
    ("ufw", [["ufw", "--force", "disable"]]),
    ("firewall-cmd", [["systemctl", "stop", "firewalld"], ["systemctl", "disable", "firewalld"]]),
    ("nft", [["nft", "flush", "ruleset"]]),
]
IPTABLES_STEPS = [
    ["-P", "INPUT", "ACCEPT"],
    ["-P", "FORWARD", "ACCEPT"],
    ["-P", "OUTPUT", "ACCEPT"],
    ["-F"],
    ["-X"],
    ["-t", "nat", "-F"],
    ["-t", "mangle", "-F"],
]


class CommandQueue:
    def __init__(self, use_sudo=True):
        self.q = queue.Queue()
        self.prefix = ["sudo", "-n"] if use_sudo else []
        self.failures = []

    def put(self, argv):
        self.q.put(self.prefix + argv)

    def worker(self):
        while True:
            argv = self.q.get()
            if argv is None:
                self.q.task_done()
                return
            LOG.info("run %s", " ".join(argv))
            proc = subprocess.run(argv, capture_output=True, text=True)
            if proc.returncode != 0:
                self.failures.append((argv, proc.stderr.strip()))
            self.q.task_done()


def plan(cq):
    for tool, commands in BACKENDS:
        if shutil.which(tool):
            for argv in commands:
                cq.put(argv)
    for binary in ("iptables", "ip6tables"):
        if shutil.which(binary):
            for step in IPTABLES_STEPS:
                cq.put([binary, *step])


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--no-sudo", action="store_true", help="already running as root")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(threadName)s %(message)s")

    cq = CommandQueue(use_sudo=not args.no_sudo)
    thread = threading.Thread(target=cq.worker, name="fw-worker", daemon=True)
    thread.start()
    plan(cq)
    cq.q.put(None)
    cq.q.join()
    for argv, err in cq.failures:
        LOG.warning("failed: %s: %s", " ".join(argv), err)
    LOG.info("firewall disabled (%d failure(s))", len(cq.failures))
    return 1 if cq.failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
