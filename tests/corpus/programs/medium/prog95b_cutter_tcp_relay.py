#!/usr/bin/env python3
"""Cutter job relay.

Design stations send HPGL cut files to this relay instead of straight to the
cutter. The relay queues them, sends one at a time to the cutter's raw port
(so two jobs never interleave on the blade) and keeps a CSV job log in the
working directory for billing.
"""
import argparse
import csv
import logging
import queue
import socket
import socketserver
import threading
import time
from pathlib import Path

log = logging.getLogger("cut-relay")


class Settings:
    listen_host = "0.0.0.0"
    listen_port = 9101
    cutter = ("192.168.20.41", 9100)
    joblog = Path("cut_jobs.csv")
    max_job = 64 * 1024 * 1024


JOBS = queue.Queue()


class JobHandler(socketserver.StreamRequestHandler):
    timeout = 60

    def handle(self):
        peer = self.client_address[0]
        chunks, size = [], 0
        while True:
            block = self.rfile.read1(65536) if hasattr(self.rfile, "read1") \
                else self.request.recv(65536)
            if not block:
                break
            size += len(block)
            if size > Settings.max_job:
                log.warning("%s: job over %d bytes dropped", peer, Settings.max_job)
                return
            chunks.append(block)
        if not chunks:
            return
        JOBS.put((time.time(), peer, b"".join(chunks)))
        log.info("queued %d bytes from %s (queue %d)", size, peer, JOBS.qsize())


def record(received, peer, size, ok, secs):
    new = not Settings.joblog.exists()
    with Settings.joblog.open("a", newline="") as fh:
        w = csv.writer(fh)
        if new:
            w.writerow(["received", "station", "bytes", "result", "send_seconds"])
        w.writerow([time.strftime("%F %T", time.localtime(received)), peer,
                    size, "ok" if ok else "failed", f"{secs:.1f}"])


def sender():
    while True:
        received, peer, data = JOBS.get()
        start = time.monotonic()
        ok = False
        for attempt in range(3):
            try:
                with socket.create_connection(Settings.cutter, timeout=15) as s:
                    s.sendall(data)
                    s.shutdown(socket.SHUT_WR)
                ok = True
                break
            except OSError as exc:
                log.warning("cutter send attempt %d failed: %s", attempt + 1, exc)
                time.sleep(5 * (attempt + 1))
        record(received, peer, len(data), ok, time.monotonic() - start)
        JOBS.task_done()


class Server(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--listen", default=Settings.listen_host)
    ap.add_argument("--port", type=int, default=Settings.listen_port)
    ap.add_argument("--cutter", default="%s:%d" % Settings.cutter)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    host, _, port = args.cutter.partition(":")
    Settings.cutter = (host, int(port or 9100))

    threading.Thread(target=sender, name="sender", daemon=True).start()
    with Server((args.listen, args.port), JobHandler) as srv:
        log.info("relay on %s:%d -> cutter %s:%d", args.listen, args.port,
                 *Settings.cutter)
        try:
            srv.serve_forever()
        except KeyboardInterrupt:
            log.info("stopping, %d job(s) still queued", JOBS.qsize())


if __name__ == "__main__":
    main()
