#!/usr/bin/env python3
"""Tag label print service for the parts store.

Every removed part of a carousel (brass pole sleeves, stirrups, mirrors,
jewels) gets a printed tag. The service is started by the workshop's
boot script, takes ownership of the label printer device, and then runs as
the printer account while it accepts jobs on a local port.
"""
import argparse
import grp
import logging
import os
import pwd
import socketserver
import sys
from pathlib import Path

LOG = logging.getLogger("tagprint")

SETTINGS = {
    "listen": ("127.0.0.1", 9110),
    "device": "/dev/usb/lp0",
    "account": "lp",
    "spool": "spool",
}


def switch_account(name):
    """Take on the printer account's identity for the rest of the run."""
    entry = pwd.getpwnam(name)
    groups = [g.gr_gid for g in grp.getgrall() if name in g.gr_mem]
    os.setgroups(groups)
    os.setgid(entry.pw_gid)
    os.setuid(entry.pw_uid)
    os.environ["HOME"] = entry.pw_dir
    LOG.info("now running as %s (uid=%d gid=%d)", name, os.getuid(), os.getgid())


def render_tag(part_id, description, figure):
    lines = [
        "^XA",
        f"^FO20,20^A0N,40,40^FD{part_id}^FS",
        f"^FO20,70^A0N,28,28^FD{description[:32]}^FS",
        f"^FO20,110^A0N,24,24^FDFigure {figure}^FS",
        f"^FO20,150^BCN,60,Y,N,N^FD{part_id}^FS",
        "^XZ",
    ]
    return "\n".join(lines).encode()


class TagHandler(socketserver.StreamRequestHandler):
    def handle(self):
        raw = self.rfile.readline(512).decode(errors="replace").strip()
        fields = raw.split("|")
        if len(fields) != 3 or not fields[0]:
            self.wfile.write(b"ERR expected part|description|figure\n")
            return
        tag = render_tag(*fields)
        try:
            with open(SETTINGS["device"], "wb") as dev:
                dev.write(tag)
        except OSError as exc:
            LOG.warning("printer write failed, spooling: %s", exc)
            spool = Path(SETTINGS["spool"])
            spool.mkdir(exist_ok=True)
            (spool / f"{fields[0]}.zpl").write_bytes(tag)
        self.wfile.write(b"OK\n")
        LOG.info("tag printed for %s", fields[0])


def main():
    parser = argparse.ArgumentParser(description="Parts-store tag print service")
    parser.add_argument("--port", type=int, default=SETTINGS["listen"][1])
    parser.add_argument("--account", default=SETTINGS["account"])
    parser.add_argument("--device", default=SETTINGS["device"])
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    SETTINGS["device"] = args.device

    server = socketserver.TCPServer((SETTINGS["listen"][0], args.port), TagHandler)
    if os.geteuid() == 0:
        try:
            switch_account(args.account)
        except (KeyError, PermissionError) as exc:
            LOG.error("cannot switch to %s: %s", args.account, exc)
            return 1
    else:
        LOG.warning("not started as root; running as current user")
    LOG.info("listening on %s:%d", SETTINGS["listen"][0], args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
