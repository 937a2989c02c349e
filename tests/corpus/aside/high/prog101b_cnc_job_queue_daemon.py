#!/usr/bin/env python3
"""CNC job queue daemon for the panel-saw / router cell.

Watches the nesting software's export folder for G-code programs, queues
them per machine, and streams each program to the router controller over
its TCP DNC port when the operator presses "ready" on the controller.
The queue survives restarts (state is checkpointed to queue.state).
Started from the cell PC's boot script; it settles into the workshop
service account before touching any job files.
"""
import argparse
import configparser
import ctypes
import ctypes.util
import grp
import logging
import os
import pickle
import pwd
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


class _Identity:
    """Moves the process onto the workshop service account."""

    _libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def __init__(self, account):
        entry = pwd.getpwnam(account)
        self.name = account
        self.uid, self.gid = entry.pw_uid, entry.pw_gid
        self.groups = [g.gr_gid for g in grp.getgrall() if account in g.gr_mem]

    def _call(self, fn, *args):
        if fn(*args) != 0:
            err = ctypes.get_errno()
            raise OSError(err, os.strerror(err))

    def apply(self):
        libc = self._libc
        gids = (ctypes.c_uint * max(1, len(self.groups)))(*self.groups)
        self._call(libc.setgroups, ctypes.c_size_t(len(self.groups)), gids)
        self._call(libc.setresgid, self.gid, self.gid, self.gid)
        self._call(libc.setresuid, self.uid, self.uid, self.uid)
        os.environ["HOME"] = pwd.getpwuid(self.uid).pw_dir
        log.info("running as %s (uid %d)", self.name, self.uid)


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
        account = self.cfg.get("queue", "service_user", fallback="cncop")
        try:
            _Identity(account).apply()
        except (KeyError, OSError) as exc:
            log.warning("could not switch to %s: %s", account, exc)
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
    ap = argparse.ArgumentParser(description="CNC job queue daemon")
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
