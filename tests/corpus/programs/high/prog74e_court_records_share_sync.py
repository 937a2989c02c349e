#!/usr/bin/env python3
"""Copy new filings from the county clerk's records share into the local archive.

The clerk publishes scanned public filings on an SMB share, one folder per
filing date (YYYY-MM-DD). This job mounts the share read-only, copies folders
newer than the last sync into ./archive/, records a manifest with SHA-256 per
document and unmounts again.

Configuration lives in clerk_share.json:
    {"share": "//records.clerk.county.local/public_filings",
     "credentials": "~/.config/clerk_share.cred",
     "mountpoint": "/mnt/clerk_filings"}
"""
import argparse
import contextlib
import hashlib
import json
import logging
import shutil
import subprocess
import sys
from datetime import date
from pathlib import Path

log = logging.getLogger("clerk_share_sync")

STATE = Path(".clerk_sync_state.json")


def load_config(path):
    cfg = json.loads(Path(path).read_text())
    cfg["credentials"] = str(Path(cfg["credentials"]).expanduser())
    cfg.setdefault("mountpoint", "/mnt/clerk_filings")
    cfg.setdefault("vers", "3.0")
    return cfg


def _run(cmd):
    log.debug("running: %s", " ".join(cmd))
    res = subprocess.run(cmd, capture_output=True, text=True)
    if res.returncode != 0:
        raise RuntimeError(f"{cmd[0:3]} failed: {res.stderr.strip()}")
    return res.stdout


def _privileged(*args):
    return ["sudo", "-n", *args]


@contextlib.contextmanager
def mounted_share(cfg):
    mnt = Path(cfg["mountpoint"])
    opts = ",".join([
        "ro",
        f"credentials={cfg['credentials']}",
        f"vers={cfg['vers']}",
        "uid=%d" % __import__("os").getuid(),
        "file_mode=0444",
        "dir_mode=0555",
    ])
    _run(_privileged("mkdir", "-p", str(mnt)))
    _run(_privileged("mount", "-t", "cifs", cfg["share"], str(mnt), "-o", opts))
    log.info("mounted %s at %s", cfg["share"], mnt)
    try:
        yield mnt
    finally:
        try:
            _run(_privileged("umount", str(mnt)))
            log.info("unmounted %s", mnt)
        except RuntimeError as exc:
            log.warning("unmount failed: %s", exc)


def sha256_of(path, bufsize=1 << 20):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(bufsize), b""):
            h.update(block)
    return h.hexdigest()


def sync_folders(src_root, dest_root, since):
    manifest = []
    for folder in sorted(p for p in src_root.iterdir() if p.is_dir()):
        try:
            folder_date = date.fromisoformat(folder.name)
        except ValueError:
            continue
        if since and folder_date <= since:
            continue
        target = dest_root / folder.name
        target.mkdir(parents=True, exist_ok=True)
        for doc in folder.glob("*.pdf"):
            out = target / doc.name
            if out.exists() and out.stat().st_size == doc.stat().st_size:
                continue
            shutil.copy2(doc, out)
            manifest.append({"date": folder.name, "file": doc.name, "sha256": sha256_of(out)})
        log.info("synced %s", folder.name)
    return manifest


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="clerk_share.json")
    ap.add_argument("-o", "--archive", default="archive")
    ap.add_argument("--full", action="store_true", help="ignore last sync date")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    state = json.loads(STATE.read_text()) if STATE.exists() else {}
    since = None if args.full or "last" not in state else date.fromisoformat(state["last"])
    dest = Path(args.archive)
    dest.mkdir(exist_ok=True)

    try:
        with mounted_share(cfg) as mnt:
            manifest = sync_folders(mnt, dest, since)
    except RuntimeError as exc:
        log.error("%s", exc)
        return 1

    if manifest:
        mf = dest / f"manifest-{date.today():%Y%m%d}.json"
        mf.write_text(json.dumps(manifest, indent=1))
        state["last"] = max(m["date"] for m in manifest)
        STATE.write_text(json.dumps(state))
    log.info("%d new documents", len(manifest))
    return 0


if __name__ == "__main__":
    sys.exit(main())
