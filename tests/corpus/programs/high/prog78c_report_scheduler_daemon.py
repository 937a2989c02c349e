#!/usr/bin/env python3
"""Scheduled delivery of campaign reports (weekly client PDFs and CSV drops).

Started by the init system on the reporting box:

    report_scheduler_daemon.py --config /srv/reports/schedule.json --user reports

It binds the status port, opens its log, then switches to the service account
before touching any client data. Jobs are read from the schedule config and
run in a worker thread; each job calls the report-builder HTTP service.
"""
import argparse
import ctypes
import ctypes.util
import datetime as dt
import grp
import json
import logging
import os
import pwd
import queue
import signal
import socketserver
import sys
import threading
import time
import urllib.request
from http.server import BaseHTTPRequestHandler

log = logging.getLogger("report_sched")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
_libc.setresuid.argtypes = [ctypes.c_uint, ctypes.c_uint, ctypes.c_uint]
_libc.setresgid.argtypes = [ctypes.c_uint, ctypes.c_uint, ctypes.c_uint]
_libc.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def switch_account(username):
    """Become the service account (primary group plus supplementary groups)."""
    pw = pwd.getpwnam(username)
    gids = [g.gr_gid for g in grp.getgrall() if username in g.gr_mem] or [pw.pw_gid]
    arr = (ctypes.c_uint * len(gids))(*gids)
    _check(_libc.setgroups(len(gids), arr), "setgroups")
    _check(_libc.setresgid(pw.pw_gid, pw.pw_gid, pw.pw_gid), "setresgid")
    _check(_libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid), "setresuid")
    os.environ.update(HOME=pw.pw_dir, USER=username, LOGNAME=username)
    os.chdir(pw.pw_dir)
    log.info("running as %s (uid=%d gid=%d)", username, os.getuid(), os.getgid())


class State:
    last_run = {}
    failures = 0
    jobs = queue.Queue()


class StatusHandler(BaseHTTPRequestHandler):
    def do_GET(self):
        body = json.dumps({"last_run": State.last_run, "failures": State.failures,
                           "queued": State.jobs.qsize()}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, fmt, *args):
        log.debug("status: " + fmt, *args)


def due(job, now):
    hh, mm = map(int, job["at"].split(":"))
    if job.get("weekday") is not None and now.weekday() != job["weekday"]:
        return False
    last = State.last_run.get(job["name"])
    return now.hour == hh and now.minute == mm and last != now.strftime("%Y-%m-%d")


def worker(builder_url):
    while True:
        job = State.jobs.get()
        req = urllib.request.Request(f"{builder_url}/build", data=json.dumps(job).encode(),
                                     headers={"Content-Type": "application/json"}, method="POST")
        try:
            with urllib.request.urlopen(req, timeout=300) as resp:
                log.info("job %s -> %s", job["name"], resp.status)
            State.last_run[job["name"]] = dt.date.today().isoformat()
        except OSError as exc:
            State.failures += 1
            log.error("job %s failed: %s", job["name"], exc)
        finally:
            State.jobs.task_done()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", default="/srv/reports/schedule.json")
    ap.add_argument("--user", default="reports")
    ap.add_argument("--status-port", type=int, default=9181)
    ap.add_argument("--log-file", default="/var/log/report-scheduler.log")
    args = ap.parse_args(argv)

    logging.basicConfig(filename=args.log_file, level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    with open(args.config) as fh:
        cfg = json.load(fh)

    server = socketserver.TCPServer(("127.0.0.1", args.status_port), StatusHandler)
    if os.geteuid() == 0:
        switch_account(args.user)

    threading.Thread(target=server.serve_forever, daemon=True).start()
    threading.Thread(target=worker, args=(cfg.get("builder_url", "http://127.0.0.1:9180"),), daemon=True).start()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))

    log.info("%d jobs scheduled", len(cfg.get("jobs", [])))
    while True:
        now = dt.datetime.now()
        for job in cfg.get("jobs", []):
            if due(job, now):
                State.jobs.put(job)
        time.sleep(20)


if __name__ == "__main__":
    main()
