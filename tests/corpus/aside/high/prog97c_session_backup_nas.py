#!/usr/bin/env python3
"""Nightly copy of session folders from the control-room PC to the NAS.

Mounts the studio NAS share, copies any session folder that changed since
the last run (new or modified files only, nothing is deleted on the NAS),
writes a small manifest next to each copied session and unmounts again.

Settings: ~/.config/session-backup/backup.ini

    [nas]
    share = //nas.studio.lan/sessions
    mountpoint = /mnt/studio-nas
    credentials = ~/.config/session-backup/nas.cred
    [local]
    sessions = ~/Sessions
"""

import argparse
import configparser
import contextlib
import hashlib
import json
import logging
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("sessionbackup")
CONF = Path("~/.config/session-backup/backup.ini").expanduser()
STAMP = Path("~/.config/session-backup/last-run").expanduser()


def settings(path):
    cp = configparser.ConfigParser()
    cp.read_dict({"nas": {"share": "//nas.studio.lan/sessions",
                          "mountpoint": "/mnt/studio-nas",
                          "credentials": "~/.config/session-backup/nas.cred",
                          "vers": "3.0"},
                  "local": {"sessions": "~/Sessions"}})
    cp.read(path)
    return cp


def priv(*cmd):
    full = list(cmd) if os.geteuid() == 0 else ["sudo", "-n", *cmd]
    LOG.debug("$ %s", " ".join(full))
    return subprocess.run(full, check=True, capture_output=True, text=True)


@contextlib.contextmanager
def nas_mounted(cfg):
    mnt = cfg["nas"]["mountpoint"]
    creds = os.path.expanduser(cfg["nas"]["credentials"])
    if os.path.exists(creds):
        os.chmod(creds, 0o600)
    already = os.path.ismount(mnt)
    if not already:
        priv("mkdir", "-p", mnt)
        opts = ",".join([f"credentials={creds}", f"uid={os.getuid()}", f"gid={os.getgid()}",
                         f"vers={cfg['nas']['vers']}", "file_mode=0640", "dir_mode=0750"])
        priv("mount", "-t", "cifs", cfg["nas"]["share"], mnt, "-o", opts)
        LOG.info("mounted %s on %s", cfg["nas"]["share"], mnt)
    try:
        yield Path(mnt)
    finally:
        if not already:
            with contextlib.suppress(subprocess.CalledProcessError):
                priv("umount", mnt)
                LOG.info("unmounted %s", mnt)


def changed_sessions(root, since):
    for entry in sorted(root.iterdir()):
        if not entry.is_dir() or entry.name.startswith("."):
            continue
        newest = max((p.stat().st_mtime for p in entry.rglob("*") if p.is_file()), default=0)
        if newest > since:
            yield entry


def copy_session(src, dest_root):
    dest = dest_root / src.name
    copied = 0
    for path in src.rglob("*"):
        if not path.is_file():
            continue
        target = dest / path.relative_to(src)
        if target.exists() and target.stat().st_size == path.stat().st_size \
                and target.stat().st_mtime >= path.stat().st_mtime:
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target)
        copied += 1
    manifest = {"source_host": os.uname().nodename, "copied_at": int(time.time()),
                "files": copied,
                "id": hashlib.md5(str(src.resolve()).encode()).hexdigest()}
    (dest / ".backup.json").write_text(json.dumps(manifest, indent=2))
    return copied


def main():
    ap = argparse.ArgumentParser(description="copy changed sessions to the NAS")
    ap.add_argument("--config", type=Path, default=CONF)
    ap.add_argument("--full", action="store_true", help="ignore last-run stamp")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = settings(args.config)
    local = Path(cfg["local"]["sessions"]).expanduser()
    since = 0 if args.full or not STAMP.exists() else float(STAMP.read_text().strip() or 0)
    todo = list(changed_sessions(local, since))
    if not todo:
        LOG.info("nothing changed since last run")
        return 0

    started = time.time()
    try:
        with nas_mounted(cfg) as nas:
            dest_root = nas / os.uname().nodename
            for session in todo:
                n = copy_session(session, dest_root)
                LOG.info("%s: %d files", session.name, n)
    except subprocess.CalledProcessError as exc:
        LOG.error("%s failed: %s", " ".join(exc.cmd), (exc.stderr or "").strip())
        return 1
    except OSError as exc:
        LOG.error("copy failed: %s", exc)
        return 1

    STAMP.parent.mkdir(parents=True, exist_ok=True)
    STAMP.write_text(str(started))
    LOG.info("%d sessions backed up in %.0fs", len(todo), time.time() - started)
    return 0


if __name__ == "__main__":
    sys.exit(main())
