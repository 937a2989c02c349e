#!/usr/bin/env python3
"""DICOM C-STORE listener for the surgery's OPG / CBCT unit.

The OPG unit's firmware can only send to port 104, so the listener starts as
root to bind it, then runs as the unprivileged 'pacs' account. Received
images are written to <storage>/<StudyDate>/<PatientID>/<SOPInstanceUID>.dcm
for the X-ray mover to pick up.
"""

import argparse
import ctypes
import ctypes.util
import logging
import os
import pwd
import signal
import sys
import threading
from pathlib import Path

from pynetdicom import AE, AllStoragePresentationContexts, evt
from pynetdicom.sop_class import Verification

log = logging.getLogger("store_scp")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def run_as(account):
    """Switch the whole process to the service account after binding."""
    pw = pwd.getpwnam(account)
    groups = (ctypes.c_uint * 1)(pw.pw_gid)
    _check(_libc.setgroups(ctypes.c_size_t(1), groups), "setgroups")
    _check(_libc.setgid(ctypes.c_uint(pw.pw_gid)), "setgid")
    _check(_libc.setuid(ctypes.c_uint(pw.pw_uid)), "setuid")
    os.environ.update(HOME=pw.pw_dir, USER=account, LOGNAME=account)
    os.umask(0o027)
    log.info("now running as %s (uid %d)", account, os.getuid())


class Store:
    def __init__(self, root):
        self.root = Path(root)
        self.count = 0
        self.lock = threading.Lock()

    def handle(self, event):
        ds = event.dataset
        ds.file_meta = event.file_meta
        study_date = getattr(ds, "StudyDate", "") or "undated"
        patient = str(getattr(ds, "PatientID", "") or "unknown").replace("/", "_")
        folder = self.root / study_date / patient
        try:
            folder.mkdir(parents=True, exist_ok=True)
            target = folder / f"{ds.SOPInstanceUID}.dcm"
            ds.save_as(target, write_like_original=False)
        except (OSError, AttributeError) as exc:
            log.error("could not store instance from %s: %s", event.assoc.requestor.ae_title, exc)
            return 0xA700
        with self.lock:
            self.count += 1
        log.info("stored %s from %s", target.name, event.assoc.requestor.ae_title)
        return 0x0000


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ae-title", default=os.environ.get("SCP_AE_TITLE", "SURGERY_SCP"))
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=104)
    ap.add_argument("--storage", default="./received")
    ap.add_argument("--user", default="pacs")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")

    store = Store(args.storage)
    ae = AE(ae_title=args.ae_title)
    ae.supported_contexts = AllStoragePresentationContexts
    ae.add_supported_context(Verification)
    handlers = [(evt.EVT_C_STORE, store.handle)]

    server = ae.start_server((args.bind, args.port), block=False, evt_handlers=handlers)
    log.info("listening as %s on %s:%d", args.ae_title, args.bind, args.port)

    if os.geteuid() == 0:
        try:
            run_as(args.user)
        except (KeyError, OSError) as exc:
            log.error("could not switch to %s: %s", args.user, exc)
            server.shutdown()
            return 1

    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    stop.wait()
    server.shutdown()
    log.info("stopped after %d instances", store.count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
