#!/usr/bin/env python3
"""DICOM C-STORE receiver for the portable equine DR unit.

The DR panel's acquisition software can only push to port 104 on its
configured destination, so this receiver listens there on the truck laptop,
files incoming radiographs by patient (horse) and study date under ./incoming,
and then runs as the unprivileged service account for the rest of its life.
"""

import argparse
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

LOG = logging.getLogger("dicom-rx")


def safe(part):
    return "".join(c if c.isalnum() or c in "-_" else "_" for c in str(part)) or "unknown"


def make_store_handler(root):
    def handle_store(event):
        ds = event.dataset
        ds.file_meta = event.file_meta
        folder = root / safe(ds.get("PatientName", "unknown")) / safe(ds.get("StudyDate", "nodate"))
        folder.mkdir(parents=True, exist_ok=True)
        target = folder / f"{safe(ds.SOPInstanceUID)}.dcm"
        ds.save_as(target, write_like_original=False)
        LOG.info("stored %s from %s", target, event.assoc.requestor.address)
        return 0x0000
    return handle_store


def handle_echo(event):
    LOG.info("C-ECHO from %s", event.assoc.requestor.address)
    return 0x0000


def become(user, group=None):
    """Switch the process to the service account after the listener is up."""
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid if group else pw.pw_gid
    os.setgroups([])
    os.setgid(gid)
    os.setuid(pw.pw_uid)
    os.environ["HOME"] = pw.pw_dir
    LOG.info("now running as %s (uid %d)", user, os.getuid())


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--aet", default="EQUIRX")
    ap.add_argument("--port", type=int, default=104)
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--root", type=Path, default=Path("incoming"))
    ap.add_argument("--user", default=os.environ.get("DICOMRX_USER", "equirx"))
    ap.add_argument("--group")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    args.root.mkdir(parents=True, exist_ok=True)
    ae = AE(ae_title=args.aet)
    ae.supported_contexts = AllStoragePresentationContexts
    ae.add_supported_context(Verification)
    handlers = [(evt.EVT_C_STORE, make_store_handler(args.root.resolve())),
                (evt.EVT_C_ECHO, handle_echo)]

    try:
        server = ae.start_server((args.bind, args.port), block=False, evt_handlers=handlers)
    except OSError as exc:
        LOG.error("cannot listen on %s:%d: %s", args.bind, args.port, exc)
        return 1
    LOG.info("listening on %s:%d as %s", args.bind, args.port, args.aet)

    if os.geteuid() == 0:
        try:
            os.chown(args.root, pwd.getpwnam(args.user).pw_uid, -1)
            become(args.user, args.group)
        except (KeyError, PermissionError) as exc:
            LOG.error("could not switch to %s: %s", args.user, exc)
            server.shutdown()
            return 1

    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    stop.wait()
    server.shutdown()
    LOG.info("receiver stopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
