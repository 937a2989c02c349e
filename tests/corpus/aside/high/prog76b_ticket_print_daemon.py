#!/usr/bin/env python3
"""Box-office ticket print daemon.

Accepts ticket jobs from the box-office terminals on the LPD port, spools
them to disk and forwards them, one at a time, to the thermal ticket printer
configured in ``printserver.ini``.  Started as root by the init script so it
can take port 515, then continues as the ``ticketprint`` service account.
"""

import argparse
import configparser
import grp
import logging
import os
import pwd
import queue
import socket
import socketserver
import sys
import threading
import time
import uuid
from pathlib import Path

log = logging.getLogger("ticket-printd")

MAX_JOB = 512 * 1024


class Settings:
    listen_host = "0.0.0.0"
    listen_port = 515
    run_as = "ticketprint"
    printer_host = "192.0.2.40"
    printer_port = 9100
    spool_dir = Path("spool")

    @classmethod
    def load(cls, path: Path) -> "Settings":
        s = cls()
        if path.exists():
            cp = configparser.ConfigParser()
            cp.read(path)
            sec = cp["server"] if cp.has_section("server") else {}
            s.listen_host = sec.get("listen_host", s.listen_host)
            s.listen_port = int(sec.get("listen_port", s.listen_port))
            s.run_as = sec.get("run_as", s.run_as)
            s.printer_host = sec.get("printer_host", s.printer_host)
            s.printer_port = int(sec.get("printer_port", s.printer_port))
            s.spool_dir = Path(sec.get("spool_dir", str(s.spool_dir)))
        return s


class Forwarder(threading.Thread):
    def __init__(self, settings: Settings, jobs: "queue.Queue[Path]"):
        super().__init__(daemon=True, name="forwarder")
        self.settings = settings
        self.jobs = jobs

    def send(self, path: Path) -> None:
        data = path.read_bytes()
        with socket.create_connection((self.settings.printer_host,
                                       self.settings.printer_port), timeout=10) as s:
            s.sendall(data)

    def run(self) -> None:
        while True:
            path = self.jobs.get()
            for attempt in range(1, 6):
                try:
                    self.send(path)
                    path.rename(path.with_suffix(".done"))
                    log.info("printed %s", path.name)
                    break
                except OSError as exc:
                    log.warning("printer unreachable (%s), retry %d", exc, attempt)
                    time.sleep(attempt * 2)
            else:
                path.rename(path.with_suffix(".failed"))
                log.error("giving up on %s", path.name)
            self.jobs.task_done()


class JobHandler(socketserver.StreamRequestHandler):
    timeout = 15

    def handle(self) -> None:
        peer = self.client_address[0]
        chunks, size = [], 0
        while True:
            buf = self.rfile.read1(65536) if hasattr(self.rfile, "read1") else self.rfile.read(65536)
            if not buf:
                break
            size += len(buf)
            if size > MAX_JOB:
                log.warning("job from %s too large, dropped", peer)
                return
            chunks.append(buf)
        data = b"".join(chunks)
        if not data.lstrip().startswith(b"^XA") or b"^XZ" not in data:
            log.warning("rejecting non-ZPL job from %s (%d bytes)", peer, size)
            return
        job = self.server.spool_dir / f"{time.strftime('%Y%m%d%H%M%S')}-{uuid.uuid4().hex[:8]}.zpl"
        job.write_bytes(data)
        self.server.jobs.put(job)
        log.info("queued %s from %s (%d bytes)", job.name, peer, size)


class PrintServer(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True

    def __init__(self, settings: Settings, jobs):
        self.spool_dir = settings.spool_dir
        self.jobs = jobs
        super().__init__((settings.listen_host, settings.listen_port), JobHandler)


def switch_account(name: str, spool: Path) -> None:
    if os.geteuid() != 0:
        log.debug("not root, keeping current account")
        return
    entry = pwd.getpwnam(name)
    groups = [g.gr_gid for g in grp.getgrall() if name in g.gr_mem]
    os.chown(spool, entry.pw_uid, entry.pw_gid)
    os.setgroups(groups)
    os.setgid(entry.pw_gid)
    os.setuid(entry.pw_uid)
    os.environ["HOME"] = entry.pw_dir
    os.umask(0o027)
    log.info("now running as %s (uid %d)", name, entry.pw_uid)


def requeue_pending(spool: Path, jobs) -> None:
    for p in sorted(spool.glob("*.zpl")):
        jobs.put(p)
        log.info("requeued pending job %s", p.name)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", type=Path, default=Path("printserver.ini"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(threadName)s %(levelname)s %(message)s")

    settings = Settings.load(args.config)
    settings.spool_dir.mkdir(parents=True, exist_ok=True)
    jobs: "queue.Queue[Path]" = queue.Queue()

    try:
        server = PrintServer(settings, jobs)
    except OSError as exc:
        log.error("cannot listen on %s:%s: %s", settings.listen_host, settings.listen_port, exc)
        return 1

    try:
        switch_account(settings.run_as, settings.spool_dir)
    except (KeyError, PermissionError) as exc:
        log.error("cannot switch to %s: %s", settings.run_as, exc)
        server.server_close()
        return 1

    Forwarder(settings, jobs).start()
    requeue_pending(settings.spool_dir, jobs)
    log.info("listening on %s:%d, printer %s:%d", settings.listen_host, settings.listen_port,
             settings.printer_host, settings.printer_port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        log.info("shutting down")
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
