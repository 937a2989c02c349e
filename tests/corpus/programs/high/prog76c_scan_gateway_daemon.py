#!/usr/bin/env python3
"""Small scan gateway for the document-intake workstation.

Listens on a local port for one-line JSON scan requests from the intake
web app, drives the flatbed/ADF through scanimage and drops the result
into the intake spool.  Started by the init system as root so it can
claim the USB scanner, then switches to the unprivileged scanner account
before serving any requests.
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
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("scan-gw")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
_libc.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]
_libc.setresgid.argtypes = [ctypes.c_uint] * 3
_libc.setresuid.argtypes = [ctypes.c_uint] * 3


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


class Identity:
    """Resolved target account for the worker."""

    def __init__(self, user, extra_groups=("scanner", "lp")):
        pw = pwd.getpwnam(user)
        self.user, self.uid, self.gid, self.home = user, pw.pw_uid, pw.pw_gid, pw.pw_dir
        gids = [self.gid]
        for name in extra_groups:
            try:
                gids.append(grp.getgrnam(name).gr_gid)
            except KeyError:
                log.debug("group %s does not exist", name)
        self.groups = sorted(set(gids))

    def assume(self):
        arr = (ctypes.c_uint * len(self.groups))(*self.groups)
        _check(_libc.setgroups(len(self.groups), arr), "setgroups")
        _check(_libc.setresgid(self.gid, self.gid, self.gid), "setresgid")
        _check(_libc.setresuid(self.uid, self.uid, self.uid), "setresuid")
        os.environ.update(HOME=self.home, USER=self.user, LOGNAME=self.user)
        log.info("now running as %s (uid=%d gid=%d groups=%s)",
                 self.user, os.getuid(), os.getgid(), self.groups)


class ScanHandler(socketserver.StreamRequestHandler):
    timeout = 120

    def handle(self):
        raw = self.rfile.readline(4096)
        try:
            req = json.loads(raw)
            result = self.server.scan(req)
            reply = {"ok": True, **result}
        except (ValueError, KeyError) as exc:
            reply = {"ok": False, "error": f"bad request: {exc}"}
        except subprocess.CalledProcessError as exc:
            reply = {"ok": False, "error": exc.stderr.decode(errors="replace")[-500:]}
        self.wfile.write((json.dumps(reply) + "\n").encode())


class ScanServer(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True

    MODES = {"color": "Color", "gray": "Gray", "lineart": "Lineart"}

    def __init__(self, addr, spool, device):
        super().__init__(addr, ScanHandler)
        self.spool = Path(spool)
        self.device = device

    def scan(self, req):
        mode = self.MODES[req.get("mode", "gray")]
        dpi = int(req.get("dpi", 300))
        if dpi not in (150, 200, 300, 400, 600):
            raise ValueError("unsupported resolution")
        batch = req.get("batch") or time.strftime("%Y%m%d-%H%M%S")
        outdir = self.spool / "".join(c for c in batch if c.isalnum() or c in "-_")
        outdir.mkdir(parents=True, exist_ok=True)
        cmd = ["scanimage", "--format=tiff", f"--mode={mode}", f"--resolution={dpi}",
               f"--batch={outdir}/page-%03d.tif"]
        if self.device:
            cmd[1:1] = ["-d", self.device]
        if req.get("adf", True):
            cmd.append("--source=ADF Duplex" if req.get("duplex") else "--source=ADF")
        subprocess.run(cmd, check=True, capture_output=True, timeout=600)
        pages = sorted(p.name for p in outdir.glob("page-*.tif"))
        log.info("batch %s: %d page(s)", outdir.name, len(pages))
        return {"batch": outdir.name, "pages": pages}


def main(argv=None):
    ap = argparse.ArgumentParser(description="scan gateway")
    ap.add_argument("--listen", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=8766)
    ap.add_argument("--spool", default="/srv/intake/spool")
    ap.add_argument("--device", default=os.environ.get("SCAN_DEVICE"))
    ap.add_argument("--user", default="scanintake")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    server = ScanServer((args.listen, args.port), args.spool, args.device)
    if os.geteuid() == 0:
        try:
            Identity(args.user).assume()
        except (KeyError, OSError) as exc:
            log.error("cannot switch to %s: %s", args.user, exc)
            return 1
    else:
        log.warning("not started as root; keeping current account")
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
