#!/usr/bin/env python3
"""Bag-tag spooler for the thermal printers attached to check-in kiosks.

Started as root by the kiosk image so it can claim the USB printer device;
it then switches to the unprivileged print account and feeds ZPL jobs
dropped into the spool folder by the check-in UI.
"""
import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import sys
import time
from pathlib import Path

LOG = logging.getLogger("tag-spooler")

DEFAULTS = {
    "device": ("dev", "usb", "lp0"),
    "spool": "./spool",
    "account": "lp",
    "poll": 1.5,
}


class Identity:
    """Switches the process identity through libc directly."""

    def __init__(self):
        name = ctypes.util.find_library("c") or "libc.so.6"
        self.libc = ctypes.CDLL(name, use_errno=True)
        for fn in ("setresgid", "setresuid", "setgroups"):
            getattr(self.libc, fn).restype = ctypes.c_int

    def _check(self, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, "%s failed: %s" % (what, os.strerror(err)))

    def become(self, account):
        pw = pwd.getpwnam(account)
        groups = [g.gr_gid for g in grp.getgrall() if account in g.gr_mem] or [pw.pw_gid]
        arr = (ctypes.c_uint * len(groups))(*groups)
        self._check(self.libc.setgroups(ctypes.c_size_t(len(groups)), arr), "setgroups")
        gid = ctypes.c_uint(pw.pw_gid)
        self._check(self.libc.setresgid(gid, gid, gid), "setresgid")
        uid = ctypes.c_uint(pw.pw_uid)
        self._check(self.libc.setresuid(uid, uid, uid), "setresuid")
        LOG.info("now running as %s (%d:%d)", account, pw.pw_uid, pw.pw_gid)


class Printer:
    def __init__(self, path):
        self.path = path
        self.fd = None

    def claim(self):
        self.fd = os.open(self.path, os.O_WRONLY | os.O_NOCTTY)
        LOG.info("claimed %s", self.path)

    def send(self, data):
        view = memoryview(data)
        while view:
            n = os.write(self.fd, view)
            view = view[n:]

    def release(self):
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None


def pending_jobs(spool):
    return sorted(p for p in Path(spool).glob("*.zpl") if p.is_file())


def run_loop(printer, spool, poll, once):
    done = Path(spool, "done")
    done.mkdir(parents=True, exist_ok=True)
    while True:
        for job in pending_jobs(spool):
            try:
                printer.send(job.read_bytes())
                job.rename(done / job.name)
                LOG.info("printed %s", job.name)
            except OSError as exc:
                LOG.error("job %s failed: %s", job.name, exc)
        if once:
            return
        time.sleep(poll)


def main(argv=None):
    ap = argparse.ArgumentParser(description="bag-tag printer spooler")
    ap.add_argument("--device", default="/" + "/".join(DEFAULTS["device"]))
    ap.add_argument("--spool", default=DEFAULTS["spool"])
    ap.add_argument("--account", default=DEFAULTS["account"])
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    Path(args.spool).mkdir(parents=True, exist_ok=True)
    printer = Printer(args.device)
    try:
        printer.claim()
        if os.geteuid() == 0:
            Identity().become(args.account)
        run_loop(printer, args.spool, DEFAULTS["poll"], args.once)
    except KeyError:
        LOG.error("account %s does not exist", args.account)
        return 1
    except OSError as exc:
        LOG.error("%s", exc)
        return 2
    except KeyboardInterrupt:
        pass
    finally:
        printer.release()
    return 0


if __name__ == "__main__":
    sys.exit(main())
