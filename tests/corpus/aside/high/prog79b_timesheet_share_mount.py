#!/usr/bin/env python3
"""Collect weekly timesheet spreadsheets from the office file server.

Site managers drop their crew's timesheets (one .xlsx or .csv per crew) in
the "Timesheets/<ISO week>" folder of the office share.  This job attaches
the share, copies the current week's files into ./inbox for the importer,
and detaches again.

Settings live in share.toml:

    server = "fs01.office.lan"
    share = "Timesheets"
    username = "payroll-svc"
    domain = "OFFICE"
    mountpoint = "/mnt/timesheets"
"""
import argparse
import datetime as dt
import logging
import os
import shutil
import subprocess
import sys
import tomllib
from contextlib import contextmanager
from pathlib import Path

log = logging.getLogger("share-collect")

INBOX = Path("inbox")
CRED_FILE = Path(".share_credentials")
PATTERNS = ("*.xlsx", "*.csv")


def load_settings(path):
    with open(path, "rb") as fh:
        cfg = tomllib.load(fh)
    cfg.setdefault("domain", "WORKGROUP")
    cfg.setdefault("mountpoint", "/mnt/timesheets")
    cfg.setdefault("vers", "3.0")
    return cfg


def write_credentials(cfg):
    password = os.environ.get("SHARE_PASSWORD")
    if not password:
        raise SystemExit("SHARE_PASSWORD is not set")
    CRED_FILE.write_text(
        f"username={cfg['username']}\npassword={password}\ndomain={cfg['domain']}\n")
    CRED_FILE.chmod(0o600)
    return CRED_FILE.resolve()


class ShareSession:
    """Attach the SMB share for the duration of a with-block."""

    def __init__(self, cfg, cred_path):
        self.unc = f"//{cfg['server']}/{cfg['share']}"
        self.mountpoint = Path(cfg["mountpoint"])
        self.options = ",".join([
            f"credentials={cred_path}",
            f"vers={cfg['vers']}",
            f"uid={os.getuid()}",
            f"gid={os.getgid()}",
            "ro",
        ])

    def _attach(self):
        self.mountpoint.mkdir(parents=True, exist_ok=True)
        cmd = ["mount", "-t", "cifs", self.unc, str(self.mountpoint), "-o", self.options]
        log.info("attaching %s at %s", self.unc, self.mountpoint)
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode != 0:
            raise RuntimeError(proc.stderr.strip() or f"mount exited {proc.returncode}")

    def _detach(self):
        proc = subprocess.run(["umount", str(self.mountpoint)], capture_output=True, text=True)
        if proc.returncode != 0:
            log.warning("detach failed: %s", proc.stderr.strip())

    def __enter__(self):
        self._attach()
        return self.mountpoint

    def __exit__(self, *exc):
        self._detach()
        return False


def week_folder(day):
    year, week, _ = day.isocalendar()
    return f"{year}-W{week:02d}"


def copy_week(root, folder):
    src = root / folder
    if not src.is_dir():
        log.warning("no folder %s on the share yet", folder)
        return 0
    dest = INBOX / folder
    dest.mkdir(parents=True, exist_ok=True)
    copied = 0
    for pattern in PATTERNS:
        for f in src.glob(pattern):
            target = dest / f.name
            if target.exists() and target.stat().st_mtime >= f.stat().st_mtime:
                continue
            shutil.copy2(f, target)
            copied += 1
            log.info("copied %s", f.name)
    return copied


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="share.toml")
    ap.add_argument("--week", help="ISO week like 2024-W18 (default: current)")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    cfg = load_settings(args.config)
    folder = args.week or week_folder(dt.date.today())
    cred = write_credentials(cfg)
    try:
        with ShareSession(cfg, cred) as root:
            n = copy_week(root, folder)
    except RuntimeError as exc:
        log.error("could not attach share: %s", exc)
        return 1
    finally:
        CRED_FILE.unlink(missing_ok=True)
    log.info("%d new timesheet file(s) in %s", n, INBOX / folder)
    return 0


if __name__ == "__main__":
    sys.exit(main())
