#!/usr/bin/env python3
"""Dailies transcode worker: turn registered camera clips into review proxies.

Started by the facility's service manager on the dailies box. Picks up
<clip>.dailies.json sidecars, renders H.264 review and DNxHR edit proxies
with ffmpeg, and writes them as the shared 'dailies' account so editorial can
manage the files without a ticket to IT.
"""
import argparse
import ctypes
import ctypes.util
import grp
import json
import logging
import os
import pwd
import shlex
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("dailies.worker")

PRESETS = {
    "review": ["-c:v", "libx264", "-preset", "medium", "-crf", "20", "-pix_fmt", "yuv420p",
               "-vf", "scale=-2:1080", "-c:a", "aac", "-b:a", "192k"],
    "edit": ["-c:v", "dnxhd", "-profile:v", "dnxhr_lb", "-pix_fmt", "yuv422p",
             "-vf", "scale=-2:1080", "-c:a", "pcm_s16le"],
}
EXT = {"review": ".mp4", "edit": ".mxf"}


class Identity:
    """Switch the process to the service account that owns the proxy share."""

    _libc = None

    def __init__(self, user, group=None):
        self.pw = pwd.getpwnam(user)
        self.gid = grp.getgrnam(group).gr_gid if group else self.pw.pw_gid
        self.groups = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem]

    @classmethod
    def libc(cls):
        if cls._libc is None:
            cls._libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
        return cls._libc

    def _call(self, fn, *ids):
        rc = getattr(self.libc(), fn)(*[ctypes.c_uint(i) for i in ids])
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{fn} failed: {os.strerror(err)}")

    def assume(self):
        if os.geteuid() == self.pw.pw_uid:
            return
        os.setgroups(sorted(set(self.groups + [self.gid])))
        self._call("setresgid", self.gid, self.gid, self.gid)
        self._call("setresuid", self.pw.pw_uid, self.pw.pw_uid, self.pw.pw_uid)
        os.environ.update(HOME=self.pw.pw_dir, USER=self.pw.pw_name, LOGNAME=self.pw.pw_name)
        os.umask(0o002)
        LOG.info("running as %s (uid %d, gid %d)", self.pw.pw_name, self.pw.pw_uid, self.gid)


def pending(ingest_root, done_file):
    done = set(done_file.read_text().split()) if done_file.exists() else set()
    for sidecar in sorted(Path(ingest_root).rglob("*.dailies.json")):
        meta = json.loads(sidecar.read_text())
        if meta["sha256"] not in done:
            yield meta


def transcode(meta, out_root, preset, ffmpeg="ffmpeg"):
    src = Path(meta["path"])
    dest_dir = Path(out_root) / preset / (meta.get("shoot_day") or "unsorted")
    dest_dir.mkdir(parents=True, exist_ok=True)
    dest = dest_dir / (src.stem + EXT[preset])
    cmd = [ffmpeg, "-hide_banner", "-loglevel", "error", "-y", "-i", str(src), *PRESETS[preset], str(dest)]
    LOG.debug("running %s", shlex.join(cmd))
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode:
        raise RuntimeError(proc.stderr.strip().splitlines()[-1] if proc.stderr else "ffmpeg failed")
    return dest


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ingest", default="ingest")
    ap.add_argument("--out", default="proxies")
    ap.add_argument("--presets", default="review,edit")
    ap.add_argument("--run-as", default=os.environ.get("DAILIES_USER", "dailies"))
    ap.add_argument("--run-group", default=os.environ.get("DAILIES_GROUP", "editorial"))
    ap.add_argument("--ffmpeg", default=os.environ.get("FFMPEG", "ffmpeg"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        Identity(args.run_as, args.run_group).assume()
    except (KeyError, OSError) as exc:
        LOG.error("cannot switch to %s: %s", args.run_as, exc)
        return 2

    done_file = Path(args.out) / ".done"
    Path(args.out).mkdir(parents=True, exist_ok=True)
    failures = 0
    for meta in pending(args.ingest, done_file):
        try:
            for preset in [p for p in args.presets.split(",") if p in PRESETS]:
                LOG.info("%s -> %s", meta["clip"], transcode(meta, args.out, preset, args.ffmpeg))
            with done_file.open("a") as fh:
                fh.write(meta["sha256"] + "\n")
        except (RuntimeError, OSError) as exc:
            failures += 1
            LOG.error("%s failed: %s", meta["clip"], exc)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
