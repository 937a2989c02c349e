#!/usr/bin/env python3
"""ZeroMQ pipeline worker.

Pulls task objects from a ventilator over a PULL socket, runs the requested
statistic on the numbers in each task and pushes the result object to a
sink. Task and result objects are exchanged as pickles so that the
ventilator can send arbitrary Python containers.
"""
import argparse
import hashlib
import logging
import pickle
import signal
import statistics
import sys
import time

import zmq

log = logging.getLogger("worker")

OPERATIONS = {
    "sum": sum,
    "mean": statistics.mean,
    "median": statistics.median,
    "stdev": statistics.pstdev,
    "max": max,
    "min": min,
}


class Worker:
    def __init__(self, pull_addr: str, push_addr: str, worker_id: str):
        self.ctx = zmq.Context.instance()
        self.receiver = self.ctx.socket(zmq.PULL)
        self.receiver.connect(pull_addr)
        self.sender = self.ctx.socket(zmq.PUSH)
        self.sender.connect(push_addr)
        self.poller = zmq.Poller()
        self.poller.register(self.receiver, zmq.POLLIN)
        self.worker_id = worker_id
        self.running = True
        self.done = 0

    def stop(self, *_):
        log.info("stop requested")
        self.running = False

    def process(self, task: dict) -> dict:
        op = task.get("op", "sum")
        values = task.get("values", [])
        func = OPERATIONS.get(op)
        if func is None:
            return {"id": task.get("id"), "error": f"unknown op {op}"}
        if not values:
            return {"id": task.get("id"), "error": "no values"}
        started = time.perf_counter()
        value = func(values)
        return {
            "id": task.get("id"),
            "op": op,
            "value": value,
            "digest": hashlib.sha256(repr(values).encode()).hexdigest()[:16],
            "worker": self.worker_id,
            "elapsed": time.perf_counter() - started,
        }

    def run(self) -> None:
        log.info("worker %s waiting for tasks", self.worker_id)
        while self.running:
            events = dict(self.poller.poll(500))
            if self.receiver not in events:
                continue
            frame = self.receiver.recv()
            try:
                task = pickle.loads(frame)
            except (pickle.UnpicklingError, EOFError, AttributeError) as exc:
                log.warning("dropping malformed task: %s", exc)
                continue
            try:
                result = self.process(task)
            except (TypeError, statistics.StatisticsError) as exc:
                result = {"id": task.get("id"), "error": str(exc)}
            self.sender.send(pickle.dumps(result, protocol=pickle.HIGHEST_PROTOCOL))
            self.done += 1
            log.debug("task %s -> %s", task.get("id"), result.get("value"))
        log.info("processed %d tasks", self.done)

    def close(self) -> None:
        self.receiver.close(linger=0)
        self.sender.close(linger=1000)
        self.ctx.term()


def main() -> int:
    ap = argparse.ArgumentParser(description="ZeroMQ statistics worker")
    ap.add_argument("--pull", default="tcp://127.0.0.1:5557")
    ap.add_argument("--push", default="tcp://127.0.0.1:5558")
    ap.add_argument("--id", default="w1")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(message)s")

    worker = Worker(args.pull, args.push, args.id)
    signal.signal(signal.SIGINT, worker.stop)
    signal.signal(signal.SIGTERM, worker.stop)
    try:
        worker.run()
    except zmq.ZMQError as exc:
        log.error("zmq error: %s", exc)
        return 1
    finally:
        worker.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
