#!/usr/bin/env python3
"""Storage SCP that receives studies from modalities and files them by study.

Modalities on the imaging VLAN are hard-wired to the well-known DICOM port
104, so the service is started as root, opens its listening socket and then
continues as the unprivileged service account named in the config.

Configuration is read from scp.toml:

    [scp]
    ae_title = "LABSCP"
    port = 104
    storage = "incoming"
    run_as = "dicom"
    allowed_callers = ["CT01", "MR02"]
"""

import argparse
import grp
import logging
import os
import pwd
import signal
import sys
import threading
import tomllib
from pathlib import Path

from pydicom.uid import ExplicitVRLittleEndian
from pynetdicom import AE, AllStoragePresentationContexts, evt
from pynetdicom.sop_class import Verification

LOG = logging.getLogger("dicom-scp")

DEFAULTS = {"ae_title": "LABSCP", "port": 104, "storage": "incoming",
            "interface": "0.0.0.0", "run_as": "dicom", "allowed_callers": []}


def load_settings(path: Path) -> dict:
    settings = dict(DEFAULTS)
    if path.exists():
        with path.open("rb") as fh:
            settings.update(tomllib.load(fh).get("scp", {}))
    return settings


def switch_account(name: str, storage: Path) -> None:
    entry = pwd.getpwnam(name)
    storage.mkdir(parents=True, exist_ok=True)
    os.chown(storage, entry.pw_uid, entry.pw_gid)
    groups = [g.gr_gid for g in grp.getgrall() if name in g.gr_mem]
    os.setgroups(groups)
    os.setgid(entry.pw_gid)
    os.setuid(entry.pw_uid)
    os.environ["HOME"] = entry.pw_dir
    LOG.info("continuing as %s (uid %d)", name, entry.pw_uid)


class StudyFiler:
    def __init__(self, root: Path, allowed: list):
        self.root = root
        self.allowed = {a.strip() for a in allowed}
        self.lock = threading.Lock()
        self.received = 0

    def on_connect(self, event):
        caller = event.assoc.requestor.ae_title.strip()
        LOG.info("association from %s (%s)", caller, event.assoc.requestor.address)

    def on_store(self, event):
        caller = event.assoc.requestor.ae_title.strip()
        if self.allowed and caller not in self.allowed:
            LOG.warning("rejecting store from unknown AE %s", caller)
            return 0xA801
        ds = event.dataset
        ds.file_meta = event.file_meta
        study = str(ds.get("StudyInstanceUID", "unknown-study"))
        target = self.root / study / f"{ds.SOPInstanceUID}.dcm"
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            ds.save_as(target, write_like_original=False)
        except OSError as exc:
            LOG.error("could not write %s: %s", target, exc)
            return 0xA700
        with self.lock:
            self.received += 1
        LOG.debug("stored %s", target)
        return 0x0000


def build_ae(title: str) -> AE:
    ae = AE(ae_title=title)
    ae.supported_contexts = AllStoragePresentationContexts
    ae.add_supported_context(Verification, ExplicitVRLittleEndian)
    ae.maximum_associations = 16
    ae.network_timeout = 60
    return ae


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="DICOM storage SCP")
    ap.add_argument("--config", type=Path, default=Path("scp.toml"))
    ap.add_argument("--port", type=int)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    settings = load_settings(args.config)
    port = args.port or int(settings["port"])
    storage = Path(settings["storage"]).resolve()
    filer = StudyFiler(storage, settings["allowed_callers"])
    handlers = [(evt.EVT_CONN_OPEN, filer.on_connect), (evt.EVT_C_STORE, filer.on_store)]

    ae = build_ae(settings["ae_title"])
    server = ae.start_server((settings["interface"], port), block=False, evt_handlers=handlers)
    LOG.info("%s listening on %s:%d", settings["ae_title"], settings["interface"], port)
    if os.geteuid() == 0 and settings.get("run_as"):
        try:
            switch_account(settings["run_as"], storage)
        except (KeyError, PermissionError) as exc:
            LOG.error("cannot switch to %s: %s", settings["run_as"], exc)
            server.shutdown()
            return 1

    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    while not stop.wait(30):
        LOG.info("instances received so far: %d", filer.received)
    server.shutdown()
    LOG.info("stopped after %d instances", filer.received)
    return 0


if __name__ == "__main__":
    sys.exit(main())
