#!/usr/bin/env python3
"""redactd - local redaction service for the document management system.

The DMS hands plain-text renditions to this worker over a UNIX socket before
a document leaves the firm; the worker returns the text with personal data
masked.  It is started by the init system and runs as the unprivileged
'redactd' account once its socket is in place.
"""
import argparse
import grp
import json
import logging
import logging.handlers
import os
import pwd
import re
import signal
import socketserver
import sys
from pathlib import Path

LOG = logging.getLogger("redactd")

PATTERNS = {
    "ssn": re.compile(r"\b\d{3}-\d{2}-\d{4}\b"),
    "email": re.compile(r"\b[\w.+-]+@[\w-]+\.[\w.-]+\b"),
    "phone": re.compile(r"\b(?:\+1[ .-]?)?\(?\d{3}\)?[ .-]?\d{3}[ .-]?\d{4}\b"),
    "iban": re.compile(r"\b[A-Z]{2}\d{2}[A-Z0-9]{11,30}\b"),
    "policy_no": re.compile(r"\bPOL-\d{8}\b"),
}


def redact(text, enabled):
    hits = {}
    for name in enabled:
        text, n = PATTERNS[name].subn(f"[{name.upper()}]", text)
        if n:
            hits[name] = n
    return text, hits


class Handler(socketserver.StreamRequestHandler):
    def handle(self):
        try:
            header = json.loads(self.rfile.readline() or b"{}")
            length = int(header.get("length", 0))
            body = self.rfile.read(length).decode("utf-8", errors="replace")
        except (ValueError, UnicodeDecodeError) as exc:
            self.wfile.write(json.dumps({"error": str(exc)}).encode() + b"\n")
            return
        enabled = [p for p in header.get("patterns", PATTERNS) if p in PATTERNS]
        text, hits = redact(body, enabled)
        out = text.encode()
        self.wfile.write(json.dumps({"length": len(out), "hits": hits}).encode() + b"\n")
        self.wfile.write(out)
        LOG.info("doc=%s bytes=%d hits=%s", header.get("doc_id", "?"), length, hits)


class Server(socketserver.ThreadingMixIn, socketserver.UnixStreamServer):
    daemon_threads = True


def become(user, group):
    """Switch the process to the service account."""
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid if group else pw.pw_gid
    if os.getuid() != 0:
        LOG.warning("not started as root; staying uid %d", os.getuid())
        return
    os.setgroups([])
    os.setgid(gid)
    os.setuid(pw.pw_uid)
    os.environ["HOME"] = pw.pw_dir
    os.umask(0o077)
    LOG.info("running as %s:%s", user, group or pw.pw_gid)


def prepare_socket(path, user, group):
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists():
        path.unlink()
    server = Server(str(path), Handler)
    if os.getuid() == 0:
        gid = grp.getgrnam(group).gr_gid
        os.chown(path.parent, pwd.getpwnam(user).pw_uid, gid)
        os.chown(path, pwd.getpwnam(user).pw_uid, gid)
    os.chmod(path, 0o660)
    return server


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--socket", type=Path, default=Path("/run/redactd/redactd.sock"))
    ap.add_argument("--user", default="redactd")
    ap.add_argument("--group", default="dms")
    ap.add_argument("--syslog", action="store_true")
    args = ap.parse_args(argv)

    handler = (logging.handlers.SysLogHandler(address="/dev/log") if args.syslog
               else logging.StreamHandler())
    handler.setFormatter(logging.Formatter("%(name)s[%(process)d]: %(message)s"))
    logging.basicConfig(level=logging.INFO, handlers=[handler])

    try:
        server = prepare_socket(args.socket, args.user, args.group)
    except (KeyError, OSError) as exc:
        LOG.error("cannot prepare socket %s: %s", args.socket, exc)
        return 1
    become(args.user, args.group)

    def _stop(signum, _frame):
        LOG.info("signal %d, shutting down", signum)
        server.server_close()
        sys.exit(0)

    signal.signal(signal.SIGTERM, _stop)
    LOG.info("listening on %s", args.socket)
    server.serve_forever()
    return 0


if __name__ == "__main__":
    sys.exit(main())
