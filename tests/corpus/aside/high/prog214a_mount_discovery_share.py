#!/usr/bin/env python3
"""Mount the e-discovery processing share on a review server.

The processing vendor drops native productions on a CIFS share.  The review
server needs it mounted read-only at /mnt/discovery/<matter> before the
loader can ingest it.  Authentication is Kerberos (sec=krb5), so no password
is handled here.  Run as root on the review server.
"""
import argparse
import logging
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("mount-discovery")

SHARE_HOST = "files.example.com"
SHARE_ROOT = "discovery"
MOUNT_BASE = Path("/mnt/discovery")
MATTER_RE = re.compile(r"^[A-Z]{2,5}-\d{4}-\d{3,5}$")

MOUNT_SNIPPET = """set -e
if mountpoint -q "$MNT_TARGET"; then
    echo "already-mounted"
    exit 0
fi
mkdir -p "$MNT_TARGET"
mount -t cifs "//$MNT_HOST/$MNT_SHARE/$MNT_MATTER" "$MNT_TARGET" -o "$MNT_OPTS"
echo "mounted"
"""

UMOUNT_SNIPPET = """set -e
if mountpoint -q "$MNT_TARGET"; then
    umount "$MNT_TARGET"
    echo "unmounted"
else
    echo "not-mounted"
fi
"""


class ShareMounter:
    def __init__(self, matter, host, uid, gid, readonly=True):
        self.matter = matter
        self.host = host
        self.target = MOUNT_BASE / matter
        opts = ["sec=krb5", "vers=3.0", f"uid={uid}", f"gid={gid}", "file_mode=0640", "dir_mode=0750"]
        opts.append("ro" if readonly else "rw")
        self.opts = ",".join(opts)

    def _env(self):
        return dict(os.environ, MNT_TARGET=str(self.target), MNT_HOST=self.host,
                    MNT_SHARE=SHARE_ROOT, MNT_MATTER=self.matter, MNT_OPTS=self.opts)

    def _run(self, snippet):
        LOG.debug("running: bash -c %s", shlex.quote(snippet.splitlines()[0]))
        proc = subprocess.run(["bash", "-c", snippet], env=self._env(),
                              capture_output=True, text=True, timeout=120)
        if proc.returncode != 0:
            raise RuntimeError(proc.stderr.strip() or f"exit {proc.returncode}")
        return proc.stdout.strip()

    def mount(self):
        result = self._run(MOUNT_SNIPPET)
        LOG.info("%s: %s -> %s (%s)", result, self.matter, self.target, self.opts)
        return result

    def unmount(self):
        result = self._run(UMOUNT_SNIPPET)
        LOG.info("%s: %s", result, self.target)
        return result

    def inventory(self, limit=10):
        if not self.target.is_dir():
            return []
        entries = sorted(p.name for p in self.target.iterdir())
        return entries[:limit]


def main():
    ap = argparse.ArgumentParser(description="Mount a matter's discovery share")
    ap.add_argument("matter", help="matter number, e.g. LIT-2024-0173")
    ap.add_argument("--host", default=os.environ.get("DISCOVERY_HOST", SHARE_HOST))
    ap.add_argument("--uid", type=int, default=int(os.environ.get("REVIEW_UID", "1001")))
    ap.add_argument("--gid", type=int, default=int(os.environ.get("REVIEW_GID", "1001")))
    ap.add_argument("--rw", action="store_true", help="mount read-write (not recommended)")
    ap.add_argument("--unmount", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not MATTER_RE.match(args.matter):
        LOG.error("matter number %r does not look like XXX-YYYY-NNNN", args.matter)
        return 2
    if os.geteuid() != 0:
        LOG.warning("not running as root; mount will probably fail")

    mounter = ShareMounter(args.matter, args.host, args.uid, args.gid, readonly=not args.rw)
    try:
        if args.unmount:
            mounter.unmount()
            return 0
        mounter.mount()
    except (RuntimeError, subprocess.TimeoutExpired) as exc:
        LOG.error("operation failed: %s", exc)
        return 1
    for name in mounter.inventory():
        LOG.info("  %s", name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
