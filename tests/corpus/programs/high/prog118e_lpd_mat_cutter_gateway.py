#!/usr/bin/env python3
"""LPD gateway for the computerised mat cutter.

The old framing point-of-sale can only "print" mat designs to an LPD
printer.  This gateway listens on the LPD port, accepts the RFC 1179
receive-job exchange, extracts the HPGL/plot data file and drops it into the
mat cutter's hot folder, where the cutter software picks it up.

Needs to start as root to bind port 515, then runs as the `lp` account.
"""
import argparse
import grp
import logging
import os
import pwd
import socketserver
import sys
import time
from pathlib import Path

log = logging.getLogger("lpd_gateway")

HOT_FOLDER = Path(os.environ.get("MATCUT_HOT", "/srv/matcutter/hot"))


def drop_privileges(user="lp"):
    if os.getuid() != 0:
        log.info("not root; staying as uid %d", os.getuid())
        return
    pw = pwd.getpwnam(user)
    groups = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem]
    os.setgroups(groups)
    os.setgid(pw.pw_gid)
    os.setuid(pw.pw_uid)
    os.umask(0o027)
    log.info("running as %s (uid %d)", user, pw.pw_uid)


class LPDHandler(socketserver.StreamRequestHandler):
    timeout = 60

    def _ack(self, ok=True):
        self.wfile.write(b"\0" if ok else b"\1")
        self.wfile.flush()

    def _read_line(self):
        return self.rfile.readline(1024).rstrip(b"\n")

    def handle(self):
        peer = self.client_address[0]
        line = self._read_line()
        if not line:
            return
        cmd, rest = line[0], line[1:].decode(errors="replace")
        if cmd == 0x02:          # receive a printer job
            self._ack()
            self.receive_job(rest.strip(), peer)
        elif cmd in (0x03, 0x04):  # queue state
            self.wfile.write(f"matcutter: ready, hot folder {HOT_FOLDER}\n".encode())
        else:
            log.debug("%s: unsupported LPD command %#x", peer, cmd)
            self._ack(False)

    def receive_job(self, queue, peer):
        data_saved = None
        while True:
            sub = self._read_line()
            if not sub:
                break
            kind = sub[0]
            count, _, name = sub[1:].decode(errors="replace").partition(" ")
            size = int(count)
            self._ack()
            payload = self.rfile.read(size)
            self.rfile.read(1)   # trailing NUL
            self._ack()
            if kind == 0x03:     # data file
                stamp = time.strftime("%Y%m%d-%H%M%S")
                dest = HOT_FOLDER / f"{stamp}_{Path(name).name}.plt"
                dest.write_bytes(payload)
                data_saved = dest
            elif kind == 0x02:   # control file
                job = {l[:1]: l[1:] for l in payload.decode(errors="replace").splitlines() if l}
                log.info("%s queue=%s job=%s user=%s", peer, queue, job.get("J"), job.get("P"))
        if data_saved:
            log.info("mat design saved to %s", data_saved)


class Server(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True


def main():
    ap = argparse.ArgumentParser(description="LPD to mat cutter hot folder gateway")
    ap.add_argument("--listen", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=515)
    ap.add_argument("--user", default="lp")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        server = Server((args.listen, args.port), LPDHandler)
    except PermissionError:
        log.error("cannot bind port %d; start as root", args.port)
        return 1
    drop_privileges(args.user)
    if not os.access(HOT_FOLDER, os.W_OK):
        log.error("hot folder %s not writable by %s", HOT_FOLDER, args.user)
        return 1
    log.info("listening on %s:%d", args.listen, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
