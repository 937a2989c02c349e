#!/usr/bin/env python3
"""Render node worker for the studio farm.

Keeps a persistent channel to the farm dispatcher, reports node health
(load, free disk) and renders the frame ranges the dispatcher hands out,
using the locally installed Blender in background mode.
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
from pathlib import Path

LOG = logging.getLogger("render-worker")

DISPATCHER = os.environ.get("FARM_DISPATCHER", "farm-dispatch.studio.lan:7411")
FARM_SHARE = Path(os.environ.get("FARM_SHARE", "/mnt/farm/projects"))
BLENDER = shutil.which("blender") or "blender"
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


class JobChannel(threading.Thread):
    """Long-lived TCP channel to the dispatcher queue."""

    def __init__(self, address, stop_event, output_dir):
        super().__init__(daemon=True, name="job-channel")
        host, _, port = address.rpartition(":")
        self.host, self.port = host, int(port)
        self.stop_event = stop_event
        self.output_dir = Path(output_dir)

    def _connect(self):
        delay = 2
        while not self.stop_event.is_set():
            try:
                sock = socket.create_connection((self.host, self.port), timeout=15)
                sock.settimeout(None)
                LOG.info("job channel up to %s:%d", self.host, self.port)
                return sock
            except OSError as exc:
                LOG.debug("dispatcher unreachable (%s), retry in %ds", exc, delay)
                time.sleep(delay)
                delay = min(delay * 2, 120)
        return None

    def _render(self, job):
        scene = (FARM_SHARE / job["scene"]).resolve()
        if FARM_SHARE.resolve() not in scene.parents or scene.suffix != ".blend":
            return {"job": job.get("id"), "ok": False, "error": "scene outside share"}
        start, end = int(job["start"]), int(job["end"])
        out = self.output_dir / str(job["id"]) / "frame_####"
        cmd = [BLENDER, "--background", "--disable-autoexec", str(scene),
               "--render-output", str(out), "--frame-start", str(start),
               "--frame-end", str(end), "--render-anim"]
        LOG.info("rendering %s frames %d-%d", scene.name, start, end)
        proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              timeout=6 * 3600)
        tail = proc.stdout.decode("utf-8", "replace").splitlines()[-5:]
        return {"job": job["id"], "ok": proc.returncode == 0, "log": tail}

    def _handle(self, line):
        if line == "status":
            return node_status()
        try:
            job = json.loads(line)
        except ValueError:
            return {"ok": False, "error": "bad message"}
        return self._render(job)

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
                        reply = {"ok": False, "error": "timeout"}
                    except (KeyError, ValueError) as exc:
                        reply = {"ok": False, "error": f"bad job: {exc}"}
                    sock.sendall((json.dumps(reply) + "\n").encode())
            except OSError as exc:
                LOG.warning("job channel dropped: %s", exc)
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
    ap.add_argument("--output-dir", default="renders")
    ap.add_argument("--log-level", default="INFO")
    args = ap.parse_args()
    logging.basicConfig(level=args.log_level.upper(),
                        format="%(asctime)s [%(threadName)s] %(message)s")

    stop = threading.Event()
    JobChannel(args.dispatcher, stop, args.output_dir).start()
    try:
        heartbeat_loop(stop, args.status_file)
    except KeyboardInterrupt:
        LOG.info("shutting down")
        stop.set()


if __name__ == "__main__":
    main()
