#!/usr/bin/env python3
"""CNC job queue worker for the panel-saw / router cell.

Watches the nesting software's export folder for G-code programs, queues
them per machine, and streams each program to the router controller over
its TCP DNC port when the operator presses "ready" on the controller.
The queue survives restarts (state is checkpointed to queue.state).
"""
import argparse
import configparser
import logging
import pickle
import socket
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("cnc-queue")


@dataclass
class Job:
    path: Path
    machine: str
    sheet: str
    created: float = field(default_factory=time.time)
    attempts: int = 0
    done: bool = False


class JobQueue:
    def __init__(self, state_path):
        self.state_path = Path(state_path)
        self.pending = {}
        self.history = []
        self.lock = threading.Lock()
        self._restore()

    def _restore(self):
        if not self.state_path.exists():
            return
        with self.state_path.open("rb") as fh:
            snapshot = pickle.load(fh)
        self.pending = snapshot.get("pending", {})
        self.history = snapshot.get("history", [])
        log.info("restored %d queued jobs", sum(len(q) for q in self.pending.values()))

    def checkpoint(self):
        with self.lock:
            tmp = self.state_path.with_suffix(".tmp")
            with tmp.open("wb") as fh:
                pickle.dump({"pending": self.pending, "history": self.history[-500:]}, fh)
            tmp.replace(self.state_path)

    def add(self, job):
        with self.lock:
            self.pending.setdefault(job.machine, []).append(job)

    def next_for(self, machine):
        with self.lock:
            jobs = self.pending.get(machine) or []
            return jobs[0] if jobs else None

    def finish(self, job):
        with self.lock:
            self.pending[job.machine].remove(job)
            job.done = True
            self.history.append(job)


def scan_exports(export_dir, jq, seen):
    for nc in sorted(Path(export_dir).glob("*/*.nc")):
        if nc in seen:
            continue
        seen.add(nc)
        jq.add(Job(path=nc, machine=nc.parent.name, sheet=nc.stem))
        log.info("queued %s for %s", nc.name, nc.parent.name)


def stream_program(host, port, program, chunk=512):
    with socket.create_connection((host, port), timeout=30) as s:
        s.settimeout(120)
        greeting = s.recv(64)
        if not greeting.startswith(b"DNC"):
            raise RuntimeError(f"unexpected controller greeting {greeting!r}")
        data = program.read_bytes()
        for i in range(0, len(data), chunk):
            s.sendall(data[i:i + chunk])
            if s.recv(1) != b"\x06":
                raise RuntimeError("controller did not ACK block")
        s.sendall(b"%\n")


def machine_loop(name, host, port, jq, stop):
    while not stop.is_set():
        job = jq.next_for(name)
        if job is None:
            stop.wait(5)
            continue
        job.attempts += 1
        try:
            stream_program(host, port, job.path)
            jq.finish(job)
            log.info("%s: finished %s", name, job.sheet)
        except (OSError, RuntimeError) as exc:
            log.warning("%s: %s failed (attempt %d): %s", name, job.sheet, job.attempts, exc)
            stop.wait(min(60, 10 * job.attempts))
        jq.checkpoint()


class Worker:
    def __init__(self, cfg):
        self.cfg = cfg
        self.jq = JobQueue(cfg.get("queue", "state", fallback="queue.state"))
        self.stop = threading.Event()
        self.threads = []

    def start_machines(self):
        for section in self.cfg.sections():
            if not section.startswith("machine:"):
                continue
            name = section.split(":", 1)[1]
            t = threading.Thread(target=machine_loop, name=name, daemon=True,
                                 args=(name, self.cfg[section]["host"],
                                       self.cfg[section].getint("port", 7000),
                                       self.jq, self.stop))
            t.start()
            self.threads.append(t)

    def run(self):
        self.start_machines()
        seen = {j.path for jobs in self.jq.pending.values() for j in jobs}
        export_dir = self.cfg.get("queue", "export_dir", fallback="exports")
        try:
            while True:
                scan_exports(export_dir, self.jq, seen)
                self.jq.checkpoint()
                time.sleep(self.cfg.getint("queue", "scan_interval", fallback=10))
        except KeyboardInterrupt:
            log.info("stopping")
        finally:
            self.stop.set()
            self.jq.checkpoint()


def main():
    ap = argparse.ArgumentParser(description="CNC job queue worker")
    ap.add_argument("-c", "--config", default="cnc_queue.ini")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(threadName)s %(levelname)s %(message)s")
    cfg = configparser.ConfigParser()
    if not cfg.read(args.config):
        raise SystemExit(f"config {args.config} not found")
    Worker(cfg).run()


if __name__ == "__main__":
    main()
