#!/usr/bin/env python3
"""capture_privdrop - snapshot collector for gantry cameras.

Started by the site supervisor as root, it switches to the unprivileged
capture account before touching the network, then polls each camera's
snapshot endpoint and writes JPEGs into the evidence directory.
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
import urllib.request
from pathlib import Path

LOG = logging.getLogger("capture")

CAMERAS = {
    "lane1": "http://cam-01.gantry.example.net/snapshot.jpg",
    "lane2": "http://cam-02.gantry.example.net/snapshot.jpg",
    "lane3": "http://cam-03.gantry.example.net/snapshot.jpg",
}

IDENTITY = {"user": "anpr", "group": "anpr"}


class Libc:
    def __init__(self):
        name = ctypes.util.find_library("c") or "libc.so.6"
        self._lib = ctypes.CDLL(name, use_errno=True)
        self._ids = ctypes.c_uint

    def _check(self, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{what}: {os.strerror(err)}")

    def groups(self, gids):
        arr = (self._ids * len(gids))(*gids)
        self._check(self._lib.setgroups(ctypes.c_size_t(len(gids)), arr), "setgroups")

    def resgid(self, gid):
        g = self._ids(gid)
        self._check(getattr(self._lib, "setres" + "gid")(g, g, g), "setresgid")

    def resuid(self, uid):
        u = self._ids(uid)
        self._check(getattr(self._lib, "setres" + "uid")(u, u, u), "setresuid")


def switch_identity(user, group):
    if os.geteuid() != 0:
        LOG.info("not root, keeping current identity")
        return
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid
    libc = Libc()
    libc.groups(os.getgrouplist(user, gid))
    libc.resgid(gid)
    libc.resuid(pw.pw_uid)
    os.environ["HOME"] = pw.pw_dir
    LOG.info("now running as %s (uid=%d gid=%d)", user, os.getuid(), os.getgid())


def grab(url, timeout):
    req = urllib.request.Request(url, headers={"User-Agent": "gantry-capture/1.3"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.read()


def store(outdir, lane, data):
    day = time.strftime("%Y%m%d")
    target = outdir / day / lane
    target.mkdir(parents=True, exist_ok=True)
    path = target / f"{time.strftime('%H%M%S')}.jpg"
    path.write_bytes(data)
    os.chmod(path, 0o600)
    return path


def main(argv=None):
    ap = argparse.ArgumentParser(description="Poll gantry camera snapshots")
    ap.add_argument("--out", default="./evidence")
    ap.add_argument("--interval", type=float, default=2.0)
    ap.add_argument("--count", type=int, default=0, help="0 = run forever")
    ap.add_argument("--timeout", type=float, default=5.0)
    ap.add_argument("--user", default=IDENTITY["user"])
    ap.add_argument("--group", default=IDENTITY["group"])
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        switch_identity(args.user, args.group)
    except (KeyError, OSError) as exc:
        LOG.error("cannot switch identity: %s", exc)
        return 1

    outdir = Path(args.out)
    n = 0
    while args.count == 0 or n < args.count:
        for lane, url in CAMERAS.items():
            try:
                LOG.debug("saved %s", store(outdir, lane, grab(url, args.timeout)))
            except OSError as exc:
                LOG.warning("%s: %s", lane, exc)
        n += 1
        time.sleep(args.interval)
    return 0


if __name__ == "__main__":
    sys.exit(main())
