#!/usr/bin/env python3
"""PEP 503 "simple" index server for the project's package mirror.

Serves ``/simple/<project>/`` pages generated on the fly from the files in
the mirror directory, plus the files themselves under ``/packages/``.  It is
started by the mirror host's init system so it can listen on port 80, and
switches to the unprivileged mirror account as soon as the socket is bound.
"""
import argparse
import ctypes
import ctypes.util
import grp
import hashlib
import html
import logging
import os
import pwd
import re
import sys
from functools import lru_cache
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

log = logging.getLogger("simple-index")

DIST_RE = re.compile(r"^(?P<name>[A-Za-z0-9][A-Za-z0-9._-]*?)-\d[^/]*\.(whl|tar\.gz|zip)$")


def normalize(name):
    return re.sub(r"[-_.]+", "-", name).lower()


class Identity:
    """Switch the process to another account via libc."""

    def __init__(self, user, group=None):
        pw = pwd.getpwnam(user)
        self.uid = pw.pw_uid
        self.gid = grp.getgrnam(group).gr_gid if group else pw.pw_gid
        self.home = pw.pw_dir
        self._libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def _check(self, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, "%s failed: %s" % (what, os.strerror(err)))

    def assume(self):
        os.setgroups([self.gid])
        self._check(self._libc.setresgid(self.gid, self.gid, self.gid), "setresgid")
        self._check(self._libc.setresuid(self.uid, self.uid, self.uid), "setresuid")
        os.environ["HOME"] = self.home
        os.umask(0o022)
        log.info("now running as uid=%d gid=%d", os.getuid(), os.getgid())


class MirrorIndex:
    def __init__(self, root):
        self.root = Path(root).resolve()

    @lru_cache(maxsize=1)
    def _scan(self, stamp):
        projects = {}
        for path in self.root.iterdir():
            m = DIST_RE.match(path.name)
            if m and path.is_file():
                projects.setdefault(normalize(m.group("name")), []).append(path)
        return projects

    def projects(self):
        return self._scan(self.root.stat().st_mtime_ns)

    @staticmethod
    def digest(path):
        h = hashlib.sha256()
        with open(path, "rb") as fh:
            for chunk in iter(lambda: fh.read(1 << 20), b""):
                h.update(chunk)
        return h.hexdigest()


class Handler(BaseHTTPRequestHandler):
    index = None
    server_version = "quill-simple/1.2"

    def _send(self, status, body, ctype="text/html; charset=utf-8"):
        data = body.encode() if isinstance(body, str) else body
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        parts = [p for p in self.path.split("?")[0].split("/") if p]
        projects = self.index.projects()
        if parts == ["simple"]:
            links = "".join('<a href="/simple/%s/">%s</a>\n' % (n, n) for n in sorted(projects))
            return self._send(HTTPStatus.OK, "<!DOCTYPE html><html><body>\n%s</body></html>" % links)
        if len(parts) == 2 and parts[0] == "simple":
            files = projects.get(normalize(parts[1]))
            if not files:
                return self._send(HTTPStatus.NOT_FOUND, "not found")
            links = "".join('<a href="/packages/%s#sha256=%s">%s</a>\n'
                            % (html.escape(f.name), self.index.digest(f), html.escape(f.name))
                            for f in sorted(files))
            return self._send(HTTPStatus.OK, "<!DOCTYPE html><html><body>\n%s</body></html>" % links)
        if len(parts) == 2 and parts[0] == "packages" and DIST_RE.match(parts[1]):
            path = self.index.root / parts[1]
            if path.is_file():
                return self._send(HTTPStatus.OK, path.read_bytes(), "application/octet-stream")
        self._send(HTTPStatus.NOT_FOUND, "not found")

    def log_message(self, fmt, *args):
        log.info("%s %s", self.address_string(), fmt % args)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", default=os.environ.get("MIRROR_ROOT", "/srv/mirror/packages"))
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--user", default="mirror")
    ap.add_argument("--group", default=None)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    Handler.index = MirrorIndex(args.root)
    server = ThreadingHTTPServer((args.bind, args.port), Handler)
    try:
        Identity(args.user, args.group).assume()
    except (KeyError, OSError) as exc:
        log.error("cannot switch to %s: %s", args.user, exc)
        return 1
    log.info("serving %s on %s:%d", args.root, args.bind, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
