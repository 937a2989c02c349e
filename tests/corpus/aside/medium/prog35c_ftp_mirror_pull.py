#!/usr/bin/env python3
"""Mirror a directory tree from a public FTP archive into ./mirror.

Only new or changed files (by size and MDTM) are fetched.  An optional
SHA256SUMS file on the server is used to verify the downloads.
"""
import argparse
import configparser
import ftplib
import hashlib
import logging
import os
import posixpath
import sys
import time
from pathlib import Path

log = logging.getLogger("ftpmirror")


def parse_mdtm(reply: str) -> float:
    # "213 20240117093012"
    stamp = reply.split()[-1][:14]
    return time.mktime(time.strptime(stamp, "%Y%m%d%H%M%S"))


class FtpMirror:
    def __init__(self, host: str, remote_root: str, local_root: Path, passive: bool = True):
        self.host = host
        self.remote_root = remote_root.rstrip("/") or "/"
        self.local_root = local_root
        self.passive = passive
        self.ftp = None
        self.stats = {"fetched": 0, "skipped": 0, "failed": 0}

    def __enter__(self):
        self.ftp = ftplib.FTP(self.host, timeout=30)
        self.ftp.login()  # anonymous
        self.ftp.set_pasv(self.passive)
        log.info("connected: %s", self.ftp.getwelcome().splitlines()[0])
        return self

    def __exit__(self, *exc):
        try:
            self.ftp.quit()
        except ftplib.all_errors:
            self.ftp.close()

    def walk(self, path: str):
        try:
            entries = list(self.ftp.mlsd(path, facts=["type", "size", "modify"]))
        except ftplib.error_perm:
            log.warning("cannot list %s", path)
            return
        for name, facts in entries:
            if name in (".", ".."):
                continue
            full = posixpath.join(path, name)
            if facts.get("type") == "dir":
                yield from self.walk(full)
            elif facts.get("type") == "file":
                yield full, int(facts.get("size", 0))

    def local_path(self, remote: str) -> Path:
        rel = posixpath.relpath(remote, self.remote_root)
        if rel.startswith(".."):
            raise ValueError(f"unexpected path {remote}")
        return self.local_root.joinpath(*rel.split("/"))

    def needs_fetch(self, remote: str, size: int, target: Path) -> bool:
        if not target.exists() or target.stat().st_size != size:
            return True
        try:
            mtime = parse_mdtm(self.ftp.sendcmd("MDTM " + remote))
        except ftplib.error_perm:
            return False
        return mtime > target.stat().st_mtime + 1

    def fetch(self, remote: str, target: Path) -> None:
        target.parent.mkdir(parents=True, exist_ok=True)
        partial = target.with_name(target.name + ".part")
        with partial.open("wb") as fh:
            self.ftp.retrbinary("RETR " + remote, fh.write, blocksize=64 * 1024)
        os.replace(partial, target)

    def run(self, pattern_suffixes) -> None:
        for remote, size in self.walk(self.remote_root):
            if pattern_suffixes and not remote.endswith(tuple(pattern_suffixes)):
                continue
            target = self.local_path(remote)
            if not self.needs_fetch(remote, size, target):
                self.stats["skipped"] += 1
                continue
            try:
                self.fetch(remote, target)
                self.stats["fetched"] += 1
                log.info("fetched %s (%d bytes)", remote, size)
            except ftplib.all_errors as exc:
                self.stats["failed"] += 1
                log.error("failed %s: %s", remote, exc)


def verify(local_root: Path) -> int:
    sums = local_root / "SHA256SUMS"
    if not sums.exists():
        return 0
    bad = 0
    for line in sums.read_text().splitlines():
        digest, _, name = line.partition("  ")
        path = local_root / name.strip()
        if not path.exists():
            continue
        actual = hashlib.sha256(path.read_bytes()).hexdigest()
        if actual != digest:
            log.error("checksum mismatch: %s", name)
            bad += 1
    return bad


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="mirror.ini")
    ap.add_argument("--section", default="gnu")
    ap.add_argument("-v", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.v else logging.INFO,
                        format="%(asctime)s %(message)s")

    cfg = configparser.ConfigParser()
    cfg.read_dict({args.section: {"host": "ftp.gnu.org", "remote": "/gnu/hello",
                                  "local": "mirror/hello", "suffixes": ".tar.gz,.sig"}})
    cfg.read(args.config)
    sec = cfg[args.section]

    local_root = Path(sec["local"])
    suffixes = [s.strip() for s in sec.get("suffixes", "").split(",") if s.strip()]
    with FtpMirror(sec["host"], sec["remote"], local_root) as mirror:
        mirror.run(suffixes)
    log.info("done: %s", mirror.stats)
    return 1 if verify(local_root) or mirror.stats["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
