#!/usr/bin/env python3
"""Small LPD receiver for the clinic's patient-letter print room.

The outpatient letter system prints over LPD (RFC 1179) to port 515. This
daemon accepts those jobs, files each one under ./spool/<queue>/ with a
JSON sidecar (job name, user, time) so the print-room PC can batch,
envelope and frank them. It binds the LPD port as root at start-up and then
runs as the unprivileged spool user.
"""
import argparse
import json
import logging
import os
import pwd
import socketserver
import sys
import time
from pathlib import Path

LOG = logging.getLogger("lpd_spool")

SPOOL = Path("spool")


def drop_privileges(username):
    """Switch to the spool account once the listening socket is bound."""
    if os.getuid() != 0:
        LOG.info("not running as root, keeping uid %d", os.getuid())
        return
    entry = pwd.getpwnam(username)
    os.setgroups([])
    os.setgid(entry.pw_gid)
    os.setuid(entry.pw_uid)
    os.umask(0o027)
    LOG.info("now running as %s (%d:%d)", username, entry.pw_uid, entry.pw_gid)


class LPDHandler(socketserver.StreamRequestHandler):
    timeout = 60

    def _ack(self, ok=True):
        self.wfile.write(b"\x00" if ok else b"\x01")
        self.wfile.flush()

    def handle(self):
        line = self.rfile.readline(1024)
        if not line:
            return
        cmd, queue = line[0], line[1:].strip().decode(errors="replace") or "lp"
        if cmd != 0x02:  # only "receive a printer job" is supported
            LOG.debug("unsupported LPD command %r", cmd)
            self._ack(False)
            return
        qdir = SPOOL / queue
        qdir.mkdir(parents=True, exist_ok=True)
        self._ack()
        control, data_files = {}, []
        while True:
            sub = self.rfile.readline(1024)
            if not sub:
                break
            kind = sub[0]
            size_s, _, name = sub[1:].strip().decode(errors="replace").partition(" ")
            size = int(size_s)
            self._ack()
            payload = self.rfile.read(size)
            self.rfile.read(1)  # trailing NUL
            self._ack()
            fname = Path(name).name
            if kind == 0x02:
                control = self._parse_control(payload)
            elif kind == 0x03:
                (qdir / fname).write_bytes(payload)
                data_files.append(fname)
        meta = {"queue": queue, "received": time.strftime("%Y-%m-%dT%H:%M:%S"),
                "client": self.client_address[0], "files": data_files, **control}
        job_id = control.get("job") or str(int(time.time() * 1000))
        (qdir / f"{Path(job_id).name}.json").write_text(json.dumps(meta, indent=1))
        LOG.info("queue %s: job %s (%d files) from %s", queue, job_id, len(data_files),
                 self.client_address[0])

    @staticmethod
    def _parse_control(payload):
        out = {}
        keys = {"H": "host", "P": "user", "J": "job", "N": "source"}
        for line in payload.decode(errors="replace").splitlines():
            if line and line[0] in keys:
                out[keys[line[0]]] = line[1:]
        return out


class SpoolServer(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--listen", default="10.20.4.15", help="print-room VLAN address")
    ap.add_argument("--port", type=int, default=515)
    ap.add_argument("--user", default="lpspool")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    SPOOL.mkdir(exist_ok=True)
    try:
        server = SpoolServer((args.listen, args.port), LPDHandler)
    except PermissionError:
        LOG.error("binding port %d needs root", args.port)
        return 2
    try:
        drop_privileges(args.user)
    except (KeyError, OSError) as exc:
        LOG.error("could not switch to %s: %s", args.user, exc)
        server.server_close()
        return 2
    LOG.info("LPD spool listening on %s:%d", args.listen, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
