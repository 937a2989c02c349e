#!/usr/bin/env python3
"""Serial bridge for the dispensing-bench scales.

The bench scales used for splitting bulk veterinary powders talk RS-232 via
USB adapters.  The bridge fixes up the adapter device permissions, switches
to the service account, then relays weight frames to a local TCP port that
the dispensing app reads.
"""

import argparse
import ctypes
import ctypes.util
import glob
import grp
import logging
import os
import pwd
import socket
import time

LOG = logging.getLogger("scale-bridge")

CFG = {
    "dev_glob": ("/", "dev", "ttyUSB*"),
    "dev_group": "dialout",
    "dev_mode": 0o660,
    "service_user": "wmsscale",
    "listen": ("127.0.0.1", 7001),
}


class Identity:
    """Switches process identity via libc directly."""

    def __init__(self):
        name = ctypes.util.find_library("c") or "libc.so.6"
        self.libc = ctypes.CDLL(name, use_errno=True)
        self.libc.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]
        for fn in ("setresgid", "setresuid"):
            getattr(self.libc, fn).argtypes = [ctypes.c_uint] * 3

    def _check(self, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, "%s: %s" % (what, os.strerror(err)))

    def become(self, user, extra_groups):
        pw = pwd.getpwnam(user)
        gids = [grp.getgrnam(g).gr_gid for g in extra_groups] + [pw.pw_gid]
        arr = (ctypes.c_uint * len(gids))(*gids)
        self._check(self.libc.setgroups(len(gids), arr), "setgroups")
        self._check(self.libc.setresgid(pw.pw_gid, pw.pw_gid, pw.pw_gid), "setresgid")
        self._check(self.libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid), "setresuid")
        os.environ["HOME"] = pw.pw_dir
        LOG.info("now running as %s (uid %d)", user, pw.pw_uid)


def fix_devices(cfg):
    pattern = os.path.join(*cfg["dev_glob"])
    gid = grp.getgrnam(cfg["dev_group"]).gr_gid
    found = []
    for dev in sorted(glob.glob(pattern)):
        try:
            os.chown(dev, 0, gid)
            os.chmod(dev, cfg["dev_mode"])
            found.append(dev)
            LOG.info("%s -> root:%s %o", dev, cfg["dev_group"], cfg["dev_mode"])
        except OSError as exc:
            LOG.warning("cannot fix %s: %s", dev, exc)
    return found


def relay(dev, listen):
    srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    srv.bind(listen)
    srv.listen(1)
    LOG.info("relaying %s on %s:%d", dev, *listen)
    while True:
        conn, peer = srv.accept()
        LOG.info("client %s connected", peer[0])
        try:
            with open(dev, "rb", buffering=0) as port:
                while True:
                    frame = port.readline()
                    if not frame:
                        time.sleep(0.05)
                        continue
                    conn.sendall(frame)
        except (OSError, BrokenPipeError) as exc:
            LOG.info("client gone: %s", exc)
        finally:
            conn.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--user", default=CFG["service_user"])
    ap.add_argument("--port", type=int, default=CFG["listen"][1])
    ap.add_argument("--device", help="use this device instead of the first found")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    devices = fix_devices(CFG)
    dev = args.device or (devices[0] if devices else None)
    if not dev:
        LOG.error("no scale adapter found")
        return 1
    try:
        Identity().become(args.user, [CFG["dev_group"]])
    except (KeyError, OSError) as exc:
        LOG.error("cannot switch to %s: %s", args.user, exc)
        return 2
    relay(dev, (CFG["listen"][0], args.port))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
