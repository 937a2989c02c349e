#!/usr/bin/env python3
"""Replace participant identifiers with study-specific pseudonyms.

The honest broker runs this on each extract before it leaves the clinical
system.  Pseudonyms are stable per study (the same participant always gets
the same pseudonym in one study and a different one in another) because they
are derived from a per-study secret kept in ``broker_keys.json``.  A linkage
table is written for the broker only so results can be re-identified when
the ethics approval allows it.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import random
import string
import sys
from pathlib import Path
from typing import Dict, Iterable

log = logging.getLogger("pseudonymiser")

KEYSTORE = Path(os.environ.get("BROKER_KEYSTORE", "broker_keys.json"))
ALPHABET = string.ascii_letters + string.digits


class StudyKeys:
    def __init__(self, path: Path):
        self.path = path
        self._keys: Dict[str, str] = {}
        if path.exists():
            self._keys = json.loads(path.read_text())

    def _new_secret(self, length: int = 32) -> str:
        rng = random.Random()
        return "".join(rng.choice(ALPHABET) for _ in range(length))

    def secret_for(self, study: str) -> str:
        if study not in self._keys:
            self._keys[study] = self._new_secret()
            self.save()
            log.info("created secret for study %s", study)
        return self._keys[study]

    def save(self) -> None:
        self.path.write_text(json.dumps(self._keys, indent=1, sort_keys=True))
        os.chmod(self.path, 0o600)


class Pseudonymiser:
    prefix_len = 10

    def __init__(self, study: str, secret: str):
        self.study = study
        self.secret = secret
        self.linkage: Dict[str, str] = {}

    def token(self, subject_id: str) -> str:
        if subject_id not in self.linkage:
            material = f"{self.secret}|{self.study}|{subject_id.strip().upper()}"
            digest = hashlib.sha1(material.encode("utf-8")).hexdigest()
            self.linkage[subject_id] = f"{self.study[:3].upper()}-{digest[:self.prefix_len]}"
        return self.linkage[subject_id]

    def rewrite(self, rows: Iterable[dict], id_cols, drop_cols):
        for row in rows:
            for c in id_cols:
                if row.get(c):
                    row[c] = self.token(row[c])
            for c in drop_cols:
                row.pop(c, None)
            yield row


def process(src: Path, dst: Path, p: Pseudonymiser, id_cols, drop_cols) -> int:
    with src.open(newline="", encoding="utf-8-sig") as fin:
        reader = csv.DictReader(fin)
        missing = [c for c in id_cols if c not in (reader.fieldnames or [])]
        if missing:
            raise ValueError(f"{src.name}: identifier column(s) {missing} not found")
        fields = [f for f in reader.fieldnames if f not in drop_cols]
        n = 0
        with dst.open("w", newline="", encoding="utf-8") as fout:
            w = csv.DictWriter(fout, fieldnames=fields)
            w.writeheader()
            for row in p.rewrite(reader, id_cols, drop_cols):
                w.writerow(row)
                n += 1
    return n


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("study")
    ap.add_argument("inputs", nargs="+", type=Path)
    ap.add_argument("--id-cols", default="subject_id")
    ap.add_argument("--drop", default="name,dob,postcode,mrn")
    ap.add_argument("--outdir", type=Path, default=Path("pseudonymised"))
    ap.add_argument("--linkage", type=Path, default=None)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    keys = StudyKeys(KEYSTORE)
    p = Pseudonymiser(args.study, keys.secret_for(args.study))
    id_cols = [c.strip() for c in args.id_cols.split(",") if c.strip()]
    drop_cols = {c.strip() for c in args.drop.split(",") if c.strip()}
    args.outdir.mkdir(exist_ok=True)

    failed = 0
    for src in args.inputs:
        dst = args.outdir / src.name
        try:
            n = process(src, dst, p, id_cols, drop_cols)
            log.info("%s: %d rows -> %s", src.name, n, dst)
        except (OSError, ValueError, csv.Error) as exc:
            log.error("%s", exc)
            failed += 1

    linkage = args.linkage or Path(f"linkage_{args.study}.csv")
    with linkage.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["subject_id", "pseudonym"])
        w.writerows(sorted(p.linkage.items()))
    os.chmod(linkage, 0o600)
    log.info("%d participants pseudonymised; linkage table %s", len(p.linkage), linkage)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
