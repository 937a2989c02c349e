#!/usr/bin/env python3
"""Collect weekly timesheet spreadsheets from the office file server.

Site managers drop their crew's timesheets (one .xlsx or .csv per crew) in
the "Timesheets/<ISO week>" folder of the office share.  This job pulls the
current week's files into ./inbox for the importer with smbclient, so it
works from an ordinary user account.

Settings live in share.toml:

    server = "fs01.office.lan"
    share = "Timesheets"
    username = "payroll-svc"
    domain = "OFFICE"
"""
import argparse
import datetime as dt
import logging
import os
import subprocess
import sys
import tomllib
from pathlib import Path

log = logging.getLogger("share-collect")

INBOX = Path("inbox")
CRED_FILE = Path(".share_credentials")
PATTERNS = ("*.xlsx", "*.csv")


def load_settings(path):
    with open(path, "rb") as fh:
        cfg = tomllib.load(fh)
    cfg.setdefault("domain", "WORKGROUP")
    cfg.setdefault("protocol", "SMB3")
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
    """Run smbclient batches against the SMB share."""

    def __init__(self, cfg, cred_path):
        self.unc = f"//{cfg['server']}/{cfg['share']}"
        self.base = ["smbclient", self.unc, "-A", str(cred_path),
                     "-m", cfg["protocol"]]

    def run(self, commands, cwd=None):
        script = "; ".join(commands)
        log.debug("smbclient -c %r", script)
        proc = subprocess.run(self.base + ["-c", script], capture_output=True,
                              text=True, cwd=cwd)
        if proc.returncode != 0:
            raise RuntimeError(proc.stderr.strip() or f"smbclient exited {proc.returncode}")
        return proc.stdout

    def list_folder(self, folder):
        out = self.run([f'cd "{folder}"', "ls"])
        names = []
        for line in out.splitlines():
            parts = line.split()
            if len(parts) >= 2 and parts[1] in ("A", "N", "R"):
                names.append(parts[0])
        return names


def week_folder(day):
    year, week, _ = day.isocalendar()
    return f"{year}-W{week:02d}"


def copy_week(session, folder):
    try:
        remote = session.list_folder(folder)
    except RuntimeError as exc:
        log.warning("no folder %s on the share yet (%s)", folder, exc)
        return 0
    wanted = [n for n in remote if n.lower().endswith((".xlsx", ".csv"))]
    dest = INBOX / folder
    dest.mkdir(parents=True, exist_ok=True)
    todo = [n for n in wanted if not (dest / n).exists()]
    if not todo:
        return 0
    cmds = [f'cd "{folder}"', "prompt OFF"] + [f'get "{n}"' for n in todo]
    session.run(cmds, cwd=dest)
    for n in todo:
        log.info("copied %s", n)
    return len(todo)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="share.toml")
    ap.add_argument("--week", help="ISO week like 2024-W18 (default: current)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")

    cfg = load_settings(args.config)
    folder = args.week or week_folder(dt.date.today())
    cred = write_credentials(cfg)
    try:
        n = copy_week(ShareSession(cfg, cred), folder)
    except RuntimeError as exc:
        log.error("could not pull from share: %s", exc)
        return 1
    finally:
        CRED_FILE.unlink(missing_ok=True)
    log.info("%d new timesheet file(s) in %s", n, INBOX / folder)
    return 0


if __name__ == "__main__":
    sys.exit(main())
