#!/usr/bin/env python3
"""Tiny process supervisor for local worker programs.

Reads a JSON file describing programs, starts each one with subprocess,
restarts crashed ones with exponential backoff (bounded), and forwards
SIGTERM/SIGINT to the children on shutdown.
"""
import argparse
import json
import logging
import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field

PID_FILE = "/tmp/worker-supervisor.pid"
LOG_FILE = "/tmp/worker-supervisor.log"

log = logging.getLogger("supervisor")


@dataclass
class Program:
    name: str
    argv: list
    cwd: str = "."
    max_restarts: int = 5
    backoff: float = 1.0
    proc: subprocess.Popen = None
    restarts: int = 0
    next_start: float = 0.0
    env: dict = field(default_factory=dict)

    def start(self):
        env = dict(os.environ)
        env.update(self.env)
        out = open(os.path.join("/tmp", "%s.out" % self.name), "ab")
        self.proc = subprocess.Popen(
            self.argv, cwd=self.cwd, env=env, stdout=out, stderr=subprocess.STDOUT
        )
        out.close()
        log.info("started %s pid=%d", self.name, self.proc.pid)

    def alive(self):
        return self.proc is not None and self.proc.poll() is None


class Supervisor:
    def __init__(self, programs, poll_interval=0.5):
        self.programs = programs
        self.poll_interval = poll_interval
        self.stopping = False

    def handle_signal(self, signum, _frame):
        log.info("got signal %d, shutting down", signum)
        self.stopping = True

    def reap(self, prog):
        code = prog.proc.returncode
        if code == 0:
            log.info("%s exited cleanly", prog.name)
            return
        if prog.restarts >= prog.max_restarts:
            log.error("%s failed %d times, giving up", prog.name, prog.restarts)
            return
        delay = prog.backoff * (2 ** prog.restarts)
        prog.restarts += 1
        prog.next_start = time.monotonic() + delay
        log.warning("%s exited with %s, restart %d in %.1fs",
                    prog.name, code, prog.restarts, delay)

    def run(self):
        for prog in self.programs:
            prog.start()
        while not self.stopping:
            pending = False
            for prog in self.programs:
                if prog.proc and prog.proc.poll() is not None and prog.next_start == 0.0:
                    self.reap(prog)
                if prog.next_start and time.monotonic() >= prog.next_start:
                    prog.next_start = 0.0
                    prog.start()
                pending = pending or prog.alive() or bool(prog.next_start)
            if not pending:
                log.info("no programs left to supervise")
                break
            time.sleep(self.poll_interval)
        self.shutdown()

    def shutdown(self, grace=10.0):
        for prog in self.programs:
            if prog.alive():
                prog.proc.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + grace
        for prog in self.programs:
            if prog.proc is None:
                continue
            try:
                prog.proc.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                log.warning("killing %s", prog.name)
                prog.proc.kill()


def load_programs(path):
    with open(path) as fh:
        spec = json.load(fh)
    return [Program(name=p["name"], argv=p["argv"], cwd=p.get("cwd", "."),
                    max_restarts=p.get("max_restarts", 5),
                    backoff=p.get("backoff", 1.0), env=p.get("env", {}))
            for p in spec["programs"]]


def write_pidfile():
    if os.path.exists(PID_FILE):
        with open(PID_FILE) as fh:
            old = fh.read().strip()
        if old.isdigit() and os.path.exists("/proc/%s" % old):
            sys.exit("supervisor already running as pid %s" % old)
    with open(PID_FILE, "w") as fh:
        fh.write(str(os.getpid()))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("config", nargs="?", default="workers.json")
    args = ap.parse_args()
    logging.basicConfig(filename=LOG_FILE, level=logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    write_pidfile()
    sup = Supervisor(load_programs(args.config))
    signal.signal(signal.SIGTERM, sup.handle_signal)
    signal.signal(signal.SIGINT, sup.handle_signal)
    try:
        sup.run()
    finally:
        try:
            os.unlink(PID_FILE)
        except FileNotFoundError:
            pass


if __name__ == "__main__":
    main()
