#!/usr/bin/env python3
"""Attach the digitisation archive share before an ingest run.

The county archive keeps preservation masters on the records-office NAS
(SMB3).  Ingest workstations attach it at the start of a run and detach
it afterwards so the masters are not exposed all day.  Share details
come from archive_mount.ini; credentials from NAS_USER / NAS_PASSWORD.
"""

import argparse
import configparser
import logging
import os
import shlex
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("archive_mount")

DEFAULTS = {
    "share": "//records-nas.county.local/preservation",
    "mountpoint": "/mnt/archive",
    "vers": "3.0",
    "domain": "COUNTY",
    "read_only": "no",
}

CRED_FILE = Path(".archive-nas.cred")


class ShareMount:
    def __init__(self, cfg):
        self.share = cfg["share"]
        self.mountpoint = Path(cfg["mountpoint"])
        self.vers = cfg["vers"]
        self.domain = cfg["domain"]
        self.read_only = cfg.getboolean("read_only")
        self.elevate = [] if os.geteuid() == 0 else ["sudo", "-n"]

    def is_mounted(self):
        target = str(self.mountpoint.resolve())
        with open("/proc/self/mountinfo", encoding="utf-8") as fh:
            return any(line.split()[4] == target for line in fh)

    def _write_credentials(self):
        user = os.environ.get("NAS_USER")
        password = os.environ.get("NAS_PASSWORD")
        if not user or not password:
            raise RuntimeError("NAS_USER and NAS_PASSWORD must be set")
        CRED_FILE.write_text(f"username={user}\npassword={password}\ndomain={self.domain}\n")
        os.chmod(CRED_FILE, 0o600)
        return CRED_FILE.resolve()

    def _options(self, cred_path):
        opts = [f"credentials={cred_path}", f"vers={self.vers}",
                f"uid={os.getuid()}", f"gid={os.getgid()}",
                "file_mode=0640", "dir_mode=0750", "nobrl", "seal"]
        opts.append("ro" if self.read_only else "rw")
        return ",".join(opts)

    def _run(self, argv):
        log.debug("running %s", shlex.join(argv))
        return subprocess.run(argv, capture_output=True, text=True, timeout=60)

    def attach(self, retries=3):
        if self.is_mounted():
            log.info("%s already attached at %s", self.share, self.mountpoint)
            return True
        if not self.mountpoint.is_dir():
            self._run(self.elevate + ["mkdir", "-p", str(self.mountpoint)])
        cred = self._write_credentials()
        try:
            for attempt in range(1, retries + 1):
                proc = self._run(self.elevate + ["mount", "-t", "cifs", self.share,
                                                 str(self.mountpoint), "-o", self._options(cred)])
                if proc.returncode == 0:
                    log.info("attached %s at %s", self.share, self.mountpoint)
                    return True
                log.warning("mount attempt %d failed: %s", attempt, proc.stderr.strip())
                time.sleep(5 * attempt)
            return False
        finally:
            CRED_FILE.unlink(missing_ok=True)

    def detach(self):
        if not self.is_mounted():
            log.info("nothing mounted at %s", self.mountpoint)
            return True
        proc = self._run(self.elevate + ["umount", str(self.mountpoint)])
        if proc.returncode != 0:
            log.error("umount failed: %s", proc.stderr.strip())
            return False
        log.info("detached %s", self.mountpoint)
        return True


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=["attach", "detach", "status"])
    ap.add_argument("-c", "--config", default="archive_mount.ini")
    ap.add_argument("--read-only", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cp = configparser.ConfigParser()
    cp["archive"] = DEFAULTS
    cp.read(args.config)
    cfg = cp["archive"]
    if args.read_only:
        cfg["read_only"] = "yes"

    share = ShareMount(cfg)
    try:
        if args.action == "status":
            print("attached" if share.is_mounted() else "detached")
            return 0
        ok = share.attach() if args.action == "attach" else share.detach()
    except (RuntimeError, OSError, subprocess.TimeoutExpired) as exc:
        log.error("%s failed: %s", args.action, exc)
        return 1
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
