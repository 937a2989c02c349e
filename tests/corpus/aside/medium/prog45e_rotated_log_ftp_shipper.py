#!/usr/bin/env python3
"""Ship rotated application logs (./logs/*.log.N) to the archive box.

The archive appliance in the datacenter only speaks plain FTP, so rotated
files are gzipped into ./.outbox and uploaded with ftplib. A small state
file remembers what was shipped so cron can run this every few minutes.
Settings live in ./shipper.ini, credentials in ARCHIVE_FTP_USER/PASSWORD.
"""
import argparse
import configparser
import ftplib
import gzip
import json
import logging
import os
import shutil
import socket
import sys
import time
from pathlib import Path

log = logging.getLogger("shipper")
STATE_FILE = Path(".shipper_state.json")
OUTBOX = Path(".outbox")


def load_state() -> dict:
    return json.loads(STATE_FILE.read_text()) if STATE_FILE.exists() else {}


def save_state(state: dict) -> None:
    tmp = STATE_FILE.with_suffix(".new")
    tmp.write_text(json.dumps(state, indent=1, sort_keys=True))
    tmp.replace(STATE_FILE)


def fingerprint(path: Path) -> str:
    st = path.stat()
    return f"{st.st_ino}:{st.st_size}:{int(st.st_mtime)}"


def compress(src: Path) -> Path:
    OUTBOX.mkdir(exist_ok=True)
    dst = OUTBOX / f"{socket.gethostname()}-{src.name}-{int(time.time())}.gz"
    with src.open("rb") as fin, gzip.open(dst, "wb", compresslevel=6) as fout:
        shutil.copyfileobj(fin, fout)
    return dst


class ArchiveClient:
    def __init__(self, host, port, remote_dir, timeout=30):
        self.host, self.port, self.remote_dir, self.timeout = host, port, remote_dir, timeout
        self.ftp = None

    def __enter__(self):
        self.ftp = ftplib.FTP()
        self.ftp.connect(self.host, self.port, timeout=self.timeout)
        self.ftp.login(os.environ["ARCHIVE_FTP_USER"], os.environ["ARCHIVE_FTP_PASSWORD"])
        self.ftp.set_pasv(True)
        for part in self.remote_dir.strip("/").split("/"):
            try:
                self.ftp.cwd(part)
            except ftplib.error_perm:
                self.ftp.mkd(part)
                self.ftp.cwd(part)
        return self

    def upload(self, path: Path) -> None:
        with path.open("rb") as fh:
            self.ftp.storbinary(f"STOR {path.name}", fh, blocksize=64 * 1024)

    def __exit__(self, *exc):
        try:
            self.ftp.quit()
        except (ftplib.Error, OSError):
            self.ftp.close()


def ship(cfg, dry_run: bool) -> int:
    log_dir = Path(cfg.get("logs", "dir", fallback="logs"))
    pattern = cfg.get("logs", "pattern", fallback="*.log.[0-9]*")
    state = load_state()
    pending = [p for p in sorted(log_dir.glob(pattern))
               if p.is_file() and state.get(str(p)) != fingerprint(p)]
    if not pending:
        log.info("nothing new to ship")
        return 0
    if dry_run:
        log.info("would ship: %s", ", ".join(map(str, pending)))
        return 0

    ftp_cfg = cfg["archive"]
    with ArchiveClient(ftp_cfg.get("host"), ftp_cfg.getint("port", 21),
                       ftp_cfg.get("remote_dir", "incoming")) as client:
        for src in pending:
            packed = compress(src)
            for attempt in range(1, 4):
                try:
                    client.upload(packed)
                    break
                except (ftplib.error_temp, OSError) as exc:
                    log.warning("upload of %s failed (%s), attempt %d", packed.name, exc, attempt)
                    time.sleep(2 ** attempt)
            else:
                log.error("giving up on %s; it stays in %s", packed.name, OUTBOX)
                continue
            packed.unlink()
            state[str(src)] = fingerprint(src)
            save_state(state)
            log.info("shipped %s", src)
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="ship rotated logs to the FTP archive")
    ap.add_argument("-c", "--config", default="shipper.ini")
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    cfg = configparser.ConfigParser()
    if not cfg.read(args.config):
        log.error("config %s not found", args.config)
        return 2
    return ship(cfg, args.dry_run)


if __name__ == "__main__":
    sys.exit(main())
