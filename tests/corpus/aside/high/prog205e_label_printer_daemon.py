#!/usr/bin/env python3
"""Garment label printer daemon.

Listens locally for label jobs from the costume inventory app (garment
name, production, size, care code) and writes them to the thermal label
printer. Starts with enough rights to open the printer device, then runs
as the wardrobe service account.
"""
import argparse
import grp
import logging
import os
import pwd
import socketserver
import sys

log = logging.getLogger("label_daemon")

DEFAULTS = {
    "device": "/dev/usb/lp0",
    "listen": ("127.0.0.1", 9101),
    "account": "wardrobe",
}
LABEL_TEMPLATE = "^XA^FO30,30^A0N,32,32^FD{name}^FS^FO30,80^A0N,24,24^FD{production} / {size} / {care}^FS^XZ\n"


class Printer:
    def __init__(self, path):
        self.path = path
        self.handle = None

    def open(self):
        self.handle = open(self.path, "wb", buffering=0)
        log.info("printer %s opened", self.path)

    def emit(self, fields):
        label = LABEL_TEMPLATE.format(**fields)
        self.handle.write(label.encode("ascii", errors="replace"))


def switch_identity(account):
    """Continue as the service account once the device is open."""
    entry = pwd.getpwnam(account)
    ops = [
        ("setgroups", [grp.getgrnam(account).gr_gid]),
        ("setgid", entry.pw_gid),
        ("setuid", entry.pw_uid),
    ]
    for name, arg in ops:
        getattr(os, name)(arg)
    log.info("now running as %s (uid %d)", account, os.getuid())


class JobHandler(socketserver.StreamRequestHandler):
    def handle(self):
        for raw in self.rfile:
            line = raw.decode("utf-8", errors="replace").strip()
            if not line:
                continue
            parts = line.split("|")
            if len(parts) != 4:
                self.wfile.write(b"ERR expected name|production|size|care\n")
                continue
            fields = dict(zip(("name", "production", "size", "care"), parts))
            try:
                self.server.printer.emit(fields)
                self.wfile.write(b"OK\n")
            except (OSError, KeyError) as exc:
                log.error("print failed: %s", exc)
                self.wfile.write(b"ERR printer\n")


def main(argv=None):
    parser = argparse.ArgumentParser(description="Garment label printer daemon")
    parser.add_argument("--device", default=DEFAULTS["device"])
    parser.add_argument("--port", type=int, default=DEFAULTS["listen"][1])
    parser.add_argument("--account", default=DEFAULTS["account"])
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    printer = Printer(args.device)
    try:
        printer.open()
    except OSError as exc:
        log.error("cannot open printer: %s", exc)
        return 1
    if os.geteuid() == 0:
        try:
            switch_identity(args.account)
        except (KeyError, PermissionError) as exc:
            log.error("identity switch failed: %s", exc)
            return 1
    with socketserver.ThreadingTCPServer((DEFAULTS["listen"][0], args.port), JobHandler) as server:
        server.printer = printer
        log.info("listening on %s:%d", DEFAULTS["listen"][0], args.port)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            log.info("stopping")
    return 0


if __name__ == "__main__":
    sys.exit(main())
