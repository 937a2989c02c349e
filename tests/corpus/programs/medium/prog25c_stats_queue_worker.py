#!/usr/bin/env python3
"""Worker for the in-house statistics job queue.

Connects to the queue broker, receives length-prefixed job messages, runs the
requested aggregation and sends the result back. Results are memoised in a
local cache file so repeated jobs are answered immediately.
"""
import argparse
import hashlib
import logging
import marshal
import pickle
import socket
import statistics
import struct
import sys
from pathlib import Path

log = logging.getLogger("stats_worker")
HEADER = struct.Struct("!I")


def recv_exact(sock: socket.socket, n: int) -> bytes:
    buf = bytearray()
    while len(buf) < n:
        chunk = sock.recv(n - len(buf))
        if not chunk:
            raise ConnectionError("broker closed the connection")
        buf.extend(chunk)
    return bytes(buf)


def recv_message(sock: socket.socket):
    (length,) = HEADER.unpack(recv_exact(sock, HEADER.size))
    return pickle.loads(recv_exact(sock, length))


def send_message(sock: socket.socket, obj) -> None:
    payload = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
    sock.sendall(HEADER.pack(len(payload)) + payload)


def job_summary(values):
    return {"count": len(values), "mean": statistics.fmean(values),
            "stdev": statistics.pstdev(values), "median": statistics.median(values)}


def job_histogram(values, bins=10):
    lo, hi = min(values), max(values)
    width = (hi - lo) / bins or 1.0
    counts = [0] * bins
    for v in values:
        counts[min(int((v - lo) / width), bins - 1)] += 1
    return {"lo": lo, "hi": hi, "counts": counts}


HANDLERS = {"summary": job_summary, "histogram": job_histogram}


class ResultCache:
    def __init__(self, path: Path):
        self.path = path
        self.data = {}
        if path.exists():
            try:
                with path.open("rb") as fh:
                    self.data = marshal.load(fh)
            except (EOFError, ValueError, TypeError) as exc:
                log.warning("ignoring unreadable cache: %s", exc)

    @staticmethod
    def key(job) -> str:
        raw = repr((job.get("kind"), job.get("values"), job.get("options")))
        return hashlib.md5(raw.encode()).hexdigest()

    def get(self, job):
        return self.data.get(self.key(job))

    def put(self, job, result):
        self.data[self.key(job)] = result

    def flush(self):
        with self.path.open("wb") as fh:
            marshal.dump(self.data, fh)


def run(host: str, port: int, cache: ResultCache, max_jobs: int) -> int:
    done = 0
    with socket.create_connection((host, port), timeout=30) as sock:
        send_message(sock, {"type": "hello", "capabilities": sorted(HANDLERS)})
        while max_jobs <= 0 or done < max_jobs:
            try:
                job = recv_message(sock)
            except (ConnectionError, socket.timeout) as exc:
                log.info("stopping: %s", exc)
                break
            if job.get("type") == "shutdown":
                break
            handler = HANDLERS.get(job.get("kind"))
            if handler is None:
                send_message(sock, {"id": job.get("id"), "error": "unknown kind"})
                continue
            result = cache.get(job)
            if result is None:
                try:
                    result = handler(job["values"], **job.get("options", {}))
                except (TypeError, ValueError, statistics.StatisticsError) as exc:
                    send_message(sock, {"id": job.get("id"), "error": str(exc)})
                    continue
                cache.put(job, result)
            send_message(sock, {"id": job.get("id"), "result": result})
            done += 1
    return done


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="statistics queue worker")
    ap.add_argument("--broker", default="127.0.0.1:7400")
    ap.add_argument("--cache", type=Path, default=Path("stats_cache.marshal"))
    ap.add_argument("--max-jobs", type=int, default=0)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO)
    host, _, port = args.broker.rpartition(":")
    cache = ResultCache(args.cache)
    try:
        n = run(host, int(port), cache, args.max_jobs)
    except OSError as exc:
        log.error("broker connection failed: %s", exc)
        return 1
    finally:
        cache.flush()
    log.info("processed %d jobs", n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
