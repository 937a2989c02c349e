#!/usr/bin/env python3
"""Audio capture daemon.

Long-running recorder for static monitoring stations. It is started at boot
by the station image, opens the capture device and its output directory,
then switches to the unprivileged survey account before recording nightly
sessions in fixed-length chunks.
"""
import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import signal
import time
import wave
from pathlib import Path

log = logging.getLogger("capd")

RUNNING = True


def _stop(signum, _frame):
    global RUNNING
    log.info("signal %d, finishing current chunk", signum)
    RUNNING = False


class Identity:
    """Resolves and applies the account the recorder should run as."""

    def __init__(self, user, group):
        self.pw = pwd.getpwnam(user)
        self.gid = grp.getgrnam(group).gr_gid if group else self.pw.pw_gid
        self.libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def assume(self):
        extra = [g.gr_gid for g in grp.getgrall() if self.pw.pw_name in g.gr_mem]
        os.setgroups(sorted(set(extra + [self.gid])))
        for name, value in (("setresgid", self.gid), ("setresuid", self.pw.pw_uid)):
            fn = getattr(self.libc, name)
            if fn(value, value, value) != 0:
                err = ctypes.get_errno()
                raise OSError(err, f"{name} failed: {os.strerror(err)}")
        os.environ["HOME"] = self.pw.pw_dir
        log.info("now running as uid=%d gid=%d", os.getuid(), os.getgid())


def prepare_outdir(path, uid, gid):
    out = Path(path)
    out.mkdir(parents=True, exist_ok=True)
    os.chown(out, uid, gid)
    return out


def record_chunk(outdir, seconds, rate):
    name = outdir / time.strftime("%Y%m%d_%H%M%S.wav")
    frames = b"\x00\x00" * rate  # placeholder until the device driver hook fills it
    with wave.open(str(name), "wb") as wf:
        wf.setnchannels(1)
        wf.setsampwidth(2)
        wf.setframerate(rate)
        for _ in range(seconds):
            if not RUNNING:
                break
            wf.writeframes(frames)
            time.sleep(1)
    log.info("wrote %s", name.name)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--user", default="batsurvey")
    ap.add_argument("--group", default="audio")
    ap.add_argument("--outdir", default="/srv/batsurvey/recordings")
    ap.add_argument("--chunk", type=int, default=300)
    ap.add_argument("--rate", type=int, default=384000)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, _stop)

    ident = Identity(args.user, args.group)
    outdir = prepare_outdir(args.outdir, ident.pw.pw_uid, ident.gid)
    if os.geteuid() == 0:
        ident.assume()
    else:
        log.warning("not started as root, keeping current identity")

    while RUNNING:
        try:
            record_chunk(outdir, args.chunk, args.rate)
        except OSError as exc:
            log.error("chunk failed: %s", exc)
            time.sleep(10)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
