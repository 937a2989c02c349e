#!/usr/bin/env python3
"""Prepare the rehearsal streaming box at Larkspur Ballet.

Parents watch Saturday rehearsals on an RTSP stream from Studio A. The
streaming server has to listen on the standard RTSP port 554, so this helper
grants the server binary the capability to bind low ports and then drops the
helper's own group memberships before launching the stream as the media user.
"""
import argparse
import ctypes
import ctypes.util
import logging
import os
import pwd
import shutil
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("stream-prep")

SERVER_BIN = Path(os.environ.get("RTSP_SERVER_BIN", "/opt/larkspur/stream/mediamtx"))
SERVER_CONF = Path(os.environ.get("RTSP_SERVER_CONF", "/opt/larkspur/stream/studio_a.yml"))
MEDIA_USER = os.environ.get("RTSP_MEDIA_USER", "larkspur-media")
CAPS = "cap_net_bind_service=+ep"


def _elevate(argv):
    if os.geteuid() == 0:
        return argv
    for tool in ("sudo", "pkexec"):
        path = shutil.which(tool)
        if path:
            return [path] + argv
    raise SystemExit("no way to elevate; run as an administrator")


def grant_port_capability(binary):
    setcap = shutil.which("setcap") or "/usr/sbin/setcap"
    argv = _elevate([setcap, CAPS, str(binary)])
    LOG.info("granting %s to %s", CAPS, binary)
    subprocess.run(argv, check=True)


def current_caps(binary):
    getcap = shutil.which("getcap")
    if not getcap:
        return "unknown"
    res = subprocess.run([getcap, str(binary)], capture_output=True, text=True)
    return res.stdout.strip() or "none"


class Identity:
    """Switches the process to the media user via libc."""

    def __init__(self, user):
        self.entry = pwd.getpwnam(user)
        self.libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def switch(self):
        if os.geteuid() != 0:
            LOG.info("not root; staying as %s", pwd.getpwuid(os.getuid()).pw_name)
            return
        calls = [
            ("setgroups", (0, None)),
            ("setgid", (self.entry.pw_gid,)),
            ("setuid", (self.entry.pw_uid,)),
        ]
        for name, args in calls:
            if getattr(self.libc, name)(*args) != 0:
                err = ctypes.get_errno()
                raise OSError(err, f"{name} failed: {os.strerror(err)}")
        os.environ["HOME"] = self.entry.pw_dir
        LOG.info("now running as %s", self.entry.pw_name)


def launch(binary, conf):
    LOG.info("starting stream server with %s", conf)
    os.execv(str(binary), [str(binary), str(conf)])


def main():
    ap = argparse.ArgumentParser(description="Rehearsal stream preparation")
    ap.add_argument("--check", action="store_true", help="only show current capabilities")
    ap.add_argument("--no-launch", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not SERVER_BIN.exists():
        sys.exit(f"stream server not installed at {SERVER_BIN}")
    LOG.info("current caps: %s", current_caps(SERVER_BIN))
    if args.check:
        return
    grant_port_capability(SERVER_BIN)
    if args.no_launch:
        return
    Identity(MEDIA_USER).switch()
    launch(SERVER_BIN, SERVER_CONF)


if __name__ == "__main__":
    main()
