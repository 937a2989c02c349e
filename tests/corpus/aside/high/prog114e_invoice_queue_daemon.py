#!/usr/bin/env python3
"""Invoice queue daemon for the site tablets.

Fitters' tablets "print" finished-job invoices to the office box over the
old LPD port (515) because the tablet app only knows how to talk to a
printer. Each job arrives as one JSON document per line; we validate it,
drop it into the queue directory for the accounts package to import and
answer with a queue id.

Runs from the office box's init script, then hands off to the invoiceq
account once the listening socket is open.
"""
import argparse
import ctypes
import ctypes.util
import grp
import json
import logging
import os
import pwd
import socketserver
import sys
import threading
import uuid
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("invoiceq")
REQUIRED = ("invoice_no", "client", "lines")


class _Libc:
    _lib = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    @classmethod
    def _check(cls, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{what}: {os.strerror(err)}")

    @classmethod
    def become(cls, uid, gid):
        groups = (ctypes.c_uint * 1)(gid)
        cls._check(cls._lib.setgroups(ctypes.c_size_t(1), groups), "setgroups")
        cls._check(cls._lib.setresgid(gid, gid, gid), "setresgid")
        cls._check(cls._lib.setresuid(uid, uid, uid), "setresuid")


def hand_off(user):
    if os.geteuid() != 0:
        LOG.info("not root, staying as uid %d", os.getuid())
        return
    pw = pwd.getpwnam(user)
    _Libc.become(pw.pw_uid, pw.pw_gid)
    os.environ["HOME"] = pw.pw_dir
    os.umask(0o027)
    LOG.info("now running as %s (%s)", user, grp.getgrgid(pw.pw_gid).gr_name)


class InvoiceHandler(socketserver.StreamRequestHandler):
    def handle(self):
        peer = self.client_address[0]
        for raw in self.rfile:
            line = raw.strip()
            if not line:
                continue
            try:
                doc = json.loads(line)
                missing = [k for k in REQUIRED if k not in doc]
                if missing:
                    raise ValueError(f"missing {', '.join(missing)}")
                qid = self.server.enqueue(doc, peer)
                self.wfile.write(f"OK {qid}\n".encode())
            except ValueError as exc:
                LOG.warning("bad job from %s: %s", peer, exc)
                self.wfile.write(f"ERR {exc}\n".encode())


class InvoiceServer(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True

    def __init__(self, addr, queue_dir: Path):
        super().__init__(addr, InvoiceHandler)
        self.queue_dir = queue_dir
        self._lock = threading.Lock()
        self.count = 0

    def enqueue(self, doc, peer):
        qid = uuid.uuid4().hex[:12]
        doc["_received"] = datetime.now().isoformat(timespec="seconds")
        doc["_from"] = peer
        total = sum(float(l.get("qty", 1)) * float(l.get("rate", 0)) for l in doc["lines"])
        doc["_net_total"] = round(total, 2)
        path = self.queue_dir / f"{doc['invoice_no']}_{qid}.json"
        with self._lock:
            tmp = path.with_suffix(".part")
            tmp.write_text(json.dumps(doc, indent=2))
            tmp.rename(path)
            self.count += 1
        LOG.info("queued %s for %s (£%.2f) from %s", doc["invoice_no"], doc["client"], total, peer)
        return qid


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--listen", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=515)
    ap.add_argument("--queue", default="/srv/invoiceq/incoming")
    ap.add_argument("--user", default="invoiceq")
    ap.add_argument("--log", default=None)
    args = ap.parse_args()
    logging.basicConfig(filename=args.log, level=logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    queue_dir = Path(args.queue)
    queue_dir.mkdir(parents=True, exist_ok=True)
    try:
        server = InvoiceServer((args.listen, args.port), queue_dir)
    except OSError as exc:
        LOG.error("cannot listen on %s:%d: %s", args.listen, args.port, exc)
        return 1
    try:
        hand_off(args.user)
    except (KeyError, OSError) as exc:
        LOG.error("could not switch to %s: %s", args.user, exc)
        return 1

    LOG.info("listening on %s:%d, queue %s", args.listen, args.port, queue_dir)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
        LOG.info("stopped after %d invoices", server.count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
