#!/usr/bin/env python3
"""Cutter job relay on the LPD port.

Design stations (and the old Windows plotter drivers that only know LPR)
send HPGL cut files to this relay instead of straight to the cutter. The
relay queues them, sends one at a time to the cutter's raw port (so two jobs
never interleave on the blade) and keeps a CSV job log for billing.

Port 515 needs root to bind; once the socket is open the relay switches to
the unprivileged service account.
"""
import argparse
import csv
import ctypes
import ctypes.util
import logging
import pwd
import queue
import socket
import socketserver
import threading
import time
from pathlib import Path

log = logging.getLogger("cut-relay")


class Settings:
    listen_host = "0.0.0.0"
    listen_port = 515
    service_user = "lp"
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
            block = self.request.recv(65536)
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


def switch_account(name):
    """Give up root for the service account once the port is bound."""
    entry = pwd.getpwnam(name)
    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
    steps = (
        ("setgroups", lambda: libc.setgroups(0, None)),
        ("setresgid", lambda: libc.setresgid(entry.pw_gid, entry.pw_gid, entry.pw_gid)),
        ("setresuid", lambda: libc.setresuid(entry.pw_uid, entry.pw_uid, entry.pw_uid)),
    )
    for label, call in steps:
        if call() != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{label} failed")
    log.info("running as %s (uid %d)", name, entry.pw_uid)


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
    ap.add_argument("--user", default=Settings.service_user)
    ap.add_argument("--cutter", default="%s:%d" % Settings.cutter)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    host, _, port = args.cutter.partition(":")
    Settings.cutter = (host, int(port or 9100))

    srv = Server((args.listen, args.port), JobHandler)
    switch_account(args.user)
    threading.Thread(target=sender, name="sender", daemon=True).start()
    log.info("relay on %s:%d -> cutter %s:%d", args.listen, args.port,
             *Settings.cutter)
    try:
        srv.serve_forever()
    except KeyboardInterrupt:
        log.info("stopping, %d job(s) still queued", JOBS.qsize())
    finally:
        srv.server_close()


if __name__ == "__main__":
    main()
