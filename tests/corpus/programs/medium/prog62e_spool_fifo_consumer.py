#!/usr/bin/env python3
"""Consume render jobs that the editor plugin drops into ./spool/jobs.fifo.
Each message is a 4-byte big-endian length followed by a pickled Job
record; results are appended to ./spool/results.jsonl."""
import argparse
import errno
import json
import logging
import os
import pickle
import select
import signal
import struct
import time
from dataclasses import dataclass, field, asdict
from pathlib import Path

log = logging.getLogger("spool-consumer")
HEADER = struct.Struct(">I")
MAX_MSG = 4 * 1024 * 1024


@dataclass
class Job:
    job_id: str
    template: str
    params: dict = field(default_factory=dict)
    submitted: float = 0.0


class FifoReader:
    def __init__(self, path):
        self.path = Path(path)
        self.fd = None
        self.buf = bytearray()

    def open(self):
        if not self.path.exists():
            self.path.parent.mkdir(parents=True, exist_ok=True)
            os.mkfifo(self.path, 0o600)
        # O_RDWR keeps a writer reference so we never spin on EOF.
        self.fd = os.open(self.path, os.O_RDWR | os.O_NONBLOCK)

    def close(self):
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None

    def messages(self, poll_s):
        ready, _, _ = select.select([self.fd], [], [], poll_s)
        if not ready:
            return
        try:
            self.buf += os.read(self.fd, 65536)
        except OSError as exc:
            if exc.errno != errno.EAGAIN:
                raise
        while len(self.buf) >= HEADER.size:
            (size,) = HEADER.unpack_from(self.buf)
            if size > MAX_MSG:
                log.error("oversized frame (%d bytes), resetting buffer", size)
                self.buf.clear()
                return
            if len(self.buf) < HEADER.size + size:
                return
            payload = bytes(self.buf[HEADER.size:HEADER.size + size])
            del self.buf[:HEADER.size + size]
            yield payload


def render(job):
    text = job.template
    for key, value in job.params.items():
        text = text.replace("{{" + key + "}}", str(value))
    return {"job_id": job.job_id, "chars": len(text),
            "latency": round(time.time() - job.submitted, 3) if job.submitted else None}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--fifo", default="spool/jobs.fifo")
    ap.add_argument("--results", default="spool/results.jsonl")
    ap.add_argument("--poll", type=float, default=1.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    running = True

    def stop(*_):
        nonlocal running
        running = False
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)

    reader = FifoReader(args.fifo)
    reader.open()
    handled = 0
    with open(args.results, "a", encoding="utf-8") as out:
        while running:
            for payload in reader.messages(args.poll):
                try:
                    job = pickle.loads(payload)
                except (pickle.UnpicklingError, EOFError, AttributeError) as exc:
                    log.warning("undecodable job: %s", exc)
                    continue
                out.write(json.dumps(render(job)) + "\n")
                out.flush()
                handled += 1
    reader.close()
    log.info("handled %d jobs", handled)


if __name__ == "__main__":
    main()
