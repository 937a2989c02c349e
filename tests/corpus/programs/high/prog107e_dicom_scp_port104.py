#!/usr/bin/env python3
"""Storage SCP for the modality gateway on the standard DICOM port.

Accepts C-STORE from the CT/MR/DX modalities on the imaging VLAN and files
each instance as ``<storage>/<StudyInstanceUID>/<SOPInstanceUID>.dcm`` for
the router to pick up. C-ECHO is answered so modalities can verify the node.
Older modalities can only be configured for port 104, so the listener binds
it at start-up and then continues as the service account.
"""
import argparse
import configparser
import grp
import logging
import os
import pwd
import signal
import sys
import threading
from pathlib import Path

from pynetdicom import AE, AllStoragePresentationContexts, evt
from pynetdicom.sop_class import Verification

log = logging.getLogger("storescp")

DEFAULTS = {
    "ae_title": "GATEWAY01",
    "bind_address": "0.0.0.0",
    "port": "104",
    "storage": "incoming",
    "allowed_callers": "",
    "run_as": "pacs",
}


class StoreHandler:
    def __init__(self, storage: Path, allowed):
        self.storage = storage
        self.allowed = allowed
        self.count = 0
        self.lock = threading.Lock()

    def on_store(self, event):
        caller = event.assoc.requestor.ae_title.strip()
        if self.allowed and caller not in self.allowed:
            log.warning("rejecting C-STORE from unknown AE %s", caller)
            return 0xA801
        ds = event.dataset
        ds.file_meta = event.file_meta
        study_dir = self.storage / str(ds.StudyInstanceUID)
        study_dir.mkdir(parents=True, exist_ok=True)
        out = study_dir / f"{ds.SOPInstanceUID}.dcm"
        try:
            ds.save_as(out, write_like_original=False)
        except OSError as exc:
            log.error("cannot write %s: %s", out, exc)
            return 0xA700
        with self.lock:
            self.count += 1
        log.debug("%s stored %s", caller, out.name)
        return 0x0000

    @staticmethod
    def on_echo(event):
        log.info("C-ECHO from %s", event.assoc.requestor.address)
        return 0x0000


def become_service_account(name):
    entry = pwd.getpwnam(name)
    groups = [g.gr_gid for g in grp.getgrall() if name in g.gr_mem]
    os.setgroups(groups)
    os.setgid(entry.pw_gid)
    os.setuid(entry.pw_uid)
    os.environ["HOME"] = entry.pw_dir
    log.info("continuing as %s (uid %d)", name, entry.pw_uid)


def load_config(path):
    cp = configparser.ConfigParser()
    cp["scp"] = DEFAULTS
    if Path(path).exists():
        cp.read(path)
    return cp["scp"]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="storescp.ini")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)

    storage = Path(cfg["storage"])
    storage.mkdir(parents=True, exist_ok=True)
    allowed = {a.strip() for a in cfg["allowed_callers"].split(",") if a.strip()}
    handler = StoreHandler(storage, allowed)

    ae = AE(ae_title=cfg["ae_title"])
    ae.supported_contexts = AllStoragePresentationContexts
    ae.add_supported_context(Verification)
    handlers = [(evt.EVT_C_STORE, handler.on_store), (evt.EVT_C_ECHO, handler.on_echo)]

    address = (cfg["bind_address"], cfg.getint("port"))
    server = ae.start_server(address, block=False, evt_handlers=handlers)
    log.info("%s listening on %s:%d, storing to %s", cfg["ae_title"], *address, storage)
    try:
        become_service_account(cfg["run_as"])
    except (KeyError, PermissionError) as exc:
        log.error("could not switch to %s: %s", cfg["run_as"], exc)
        server.shutdown()
        return 1

    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    while not stop.wait(300):
        log.info("instances received so far: %d", handler.count)
    server.shutdown()
    log.info("shut down after %d instances", handler.count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
