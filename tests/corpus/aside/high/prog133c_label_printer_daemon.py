#!/usr/bin/env python3
"""Honey batch label print daemon.

Accepts label jobs (batch number, floral source, weight, best-before) from
the extraction-room tablet on a local port and sends ZPL straight to the
USB thermal printer. Started as root so it can open the printer, then it
switches to the print account before handling any network input.
"""
import argparse
import ctypes
import ctypes.util
import json
import logging
import pwd
import socketserver

log = logging.getLogger("labeld")

ZPL = """^XA
^CF0,40^FO30,30^FD{coop}^FS
^CF0,30^FO30,90^FDBatch {batch}  {source}^FS
^FO30,140^FDNet wt {grams} g^FS
^FO30,190^FDBest before {best_before}^FS
^BY2^FO30,240^BCN,80,Y,N,N^FD{batch}^FS
^XZ
"""

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what} failed")


def switch_account(name):
    """Move the process onto the given account via libc."""
    pw = pwd.getpwnam(name)
    gids = (ctypes.c_uint * 1)(pw.pw_gid)
    _check(_libc.setgroups(1, gids), "setgroups")
    _check(_libc.setresgid(pw.pw_gid, pw.pw_gid, pw.pw_gid), "setresgid")
    _check(_libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid), "setresuid")
    log.info("now running as %s (%d:%d)", name, pw.pw_uid, pw.pw_gid)


class Printer:
    def __init__(self, device):
        # opened while privileged; the handle survives the account switch
        self.fh = open(device, "wb", buffering=0)

    def print_label(self, job, coop):
        text = ZPL.format(coop=coop, **job)
        self.fh.write(text.encode("ascii", "replace"))


def validate(job):
    required = ("batch", "source", "grams", "best_before")
    missing = [k for k in required if k not in job]
    if missing:
        raise ValueError(f"missing fields: {', '.join(missing)}")
    job["grams"] = int(job["grams"])
    if not 0 < job["grams"] < 50000:
        raise ValueError("weight out of range")
    return job


class JobHandler(socketserver.StreamRequestHandler):
    def handle(self):
        for line in self.rfile:
            try:
                job = validate(json.loads(line))
                self.server.printer.print_label(job, self.server.coop)
                self.wfile.write(b'{"ok": true}\n')
                log.info("printed batch %s", job["batch"])
            except (ValueError, KeyError) as exc:
                self.wfile.write(json.dumps({"ok": False, "error": str(exc)}).encode() + b"\n")


class LabelServer(socketserver.ThreadingTCPServer):
    allow_reuse_address = True


def main():
    ap = argparse.ArgumentParser(description="Honey label print daemon")
    ap.add_argument("--device", default="/dev/usb/lp0")
    ap.add_argument("--port", type=int, default=9100)
    ap.add_argument("--user", default="lp")
    ap.add_argument("--coop", default="Valley Beekeepers Co-op")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    printer = Printer(args.device)
    server = LabelServer(("127.0.0.1", args.port), JobHandler)
    switch_account(args.user)
    server.printer = printer
    server.coop = args.coop
    log.info("listening on 127.0.0.1:%d", args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
