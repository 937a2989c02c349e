#!/usr/bin/env python3
"""Receive live total-station measurements over the site wifi.

The robotic total station's data-link (via a serial-to-TCP bridge on the
instrument tripod) streams GSI records to a fixed port on the dig-house
server.  The bridge firmware only lets you pick ports below 1024, so the
receiver starts as root to bind the port and then switches to the
unprivileged 'survey' account before touching any files.  Records are
appended to a per-day raw file and echoed to the survey log.
"""

import argparse
import datetime as dt
import grp
import logging
import os
import pwd
import signal
import socketserver
import sys
from pathlib import Path

log = logging.getLogger("ts-receiver")


class Settings:
    port = int(os.environ.get("TS_PORT", "601"))
    run_as = os.environ.get("TS_USER", "survey")
    out_dir = Path(os.environ.get("TS_OUTDIR", "raw_stream"))


def switch_account(username: str) -> None:
    entry = pwd.getpwnam(username)
    groups = [g.gr_gid for g in grp.getgrall() if username in g.gr_mem]
    os.setgroups(groups)
    os.setgid(entry.pw_gid)
    os.setuid(entry.pw_uid)
    os.environ.update(HOME=entry.pw_dir, USER=username, LOGNAME=username)
    log.info("running as %s (uid %d)", username, entry.pw_uid)


class RecordWriter:
    def __init__(self, out_dir: Path):
        self.out_dir = out_dir
        self.day = None
        self.fh = None

    def _rotate(self):
        today = dt.date.today().isoformat()
        if today != self.day:
            if self.fh:
                self.fh.close()
            self.out_dir.mkdir(parents=True, exist_ok=True)
            self.fh = (self.out_dir / f"ts_{today}.gsi").open("a", encoding="ascii")
            self.day = today

    def write(self, peer: str, line: str):
        self._rotate()
        self.fh.write(line + "\n")
        self.fh.flush()
        log.info("%s: %s", peer, line[:60])

    def close(self):
        if self.fh:
            self.fh.close()


class StreamHandler(socketserver.StreamRequestHandler):
    def handle(self):
        peer = f"{self.client_address[0]}:{self.client_address[1]}"
        log.info("link up from %s", peer)
        for raw in self.rfile:
            line = raw.decode("ascii", errors="replace").strip()
            if not line:
                continue
            if not line.startswith(("*11", "11")):
                log.debug("%s: ignoring non-GSI line", peer)
                continue
            self.server.writer.write(peer, line)
            self.wfile.write(b"?\r\n")   # GSI acknowledge
        log.info("link down from %s", peer)


class Receiver(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--listen", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=Settings.port)
    ap.add_argument("--user", default=Settings.run_as)
    ap.add_argument("--out", type=Path, default=Settings.out_dir)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        server = Receiver((args.listen, args.port), StreamHandler)
    except PermissionError:
        log.error("cannot bind port %d; start as root", args.port)
        return 1

    if os.geteuid() == 0:
        try:
            switch_account(args.user)
        except (KeyError, PermissionError) as exc:
            log.error("cannot switch to %s: %s", args.user, exc)
            return 1

    server.writer = RecordWriter(args.out.resolve())
    def _on_term(signum, frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, _on_term)
    log.info("listening on %s:%d", args.listen, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.writer.close()
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
