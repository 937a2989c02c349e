#!/usr/bin/env python3
"""Raw-socket bridge for the dispatch bench label printer.

The courier software on the office PCs can only print ZPL to a network
printer on port 9100, but the bench Zebra is USB-only on the packing PC.
This listens on 9100, forwards each job to the USB printer device and keeps
a short journal of job sizes.  It is started as root by the packing PC's
boot script (the port is below 1024 on some of the older courier clients'
configs, and the printer node is root-owned at boot) and then switches to
the unprivileged 'dispatch' account for the rest of its life.
"""

import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import socket
import socketserver
import sys
import threading
import time

LOG = logging.getLogger("label_bridge")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def become(user):
    """Switch the process to `user` (real, effective and saved ids)."""
    pw = pwd.getpwnam(user)
    gids = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem]
    arr = (ctypes.c_uint * len(gids))(*gids)
    _check(_libc.setgroups(ctypes.c_size_t(len(gids)), arr), "setgroups")
    _check(_libc.setresgid(pw.pw_gid, pw.pw_gid, pw.pw_gid), "setresgid")
    _check(_libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid), "setresuid")
    os.environ["HOME"] = pw.pw_dir
    os.environ["USER"] = user
    LOG.info("now running as %s (uid %d)", user, os.getuid())


class PrinterSink:
    def __init__(self, device):
        self.device = device
        self.lock = threading.Lock()
        self.fd = None

    def open(self):
        self.fd = os.open(self.device, os.O_WRONLY)

    def write(self, data):
        with self.lock:
            view = memoryview(data)
            while view:
                n = os.write(self.fd, view)
                view = view[n:]


class JobHandler(socketserver.BaseRequestHandler):
    def handle(self):
        peer = self.client_address[0]
        chunks, total = [], 0
        self.request.settimeout(self.server.idle_timeout)
        try:
            while True:
                buf = self.request.recv(65536)
                if not buf:
                    break
                chunks.append(buf)
                total += len(buf)
                if total > self.server.max_job:
                    LOG.warning("job from %s over %d bytes, dropped", peer, self.server.max_job)
                    return
        except socket.timeout:
            pass
        if not total:
            return
        self.server.sink.write(b"".join(chunks))
        LOG.info("printed %d bytes from %s", total, peer)
        with open(self.server.journal, "a", encoding="utf-8") as fh:
            fh.write(f"{time.strftime('%Y-%m-%d %H:%M:%S')}\t{peer}\t{total}\n")


class Bridge(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--listen", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=9100)
    ap.add_argument("--device", default="/dev/usb/lp0")
    ap.add_argument("--user", default="dispatch")
    ap.add_argument("--journal", default="label_jobs.tsv")
    ap.add_argument("--max-job", type=int, default=4 * 1024 * 1024)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    sink = PrinterSink(args.device)
    try:
        sink.open()
        server = Bridge((args.listen, args.port), JobHandler)
    except OSError as exc:
        LOG.error("startup failed: %s", exc)
        return 1

    if os.geteuid() == 0:
        try:
            become(args.user)
        except (KeyError, OSError) as exc:
            LOG.error("could not switch to %s: %s", args.user, exc)
            return 1

    server.sink = sink
    server.journal = os.path.abspath(args.journal)
    server.idle_timeout = 5.0
    server.max_job = args.max_job
    LOG.info("bridging %s:%d -> %s", args.listen, args.port, args.device)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
