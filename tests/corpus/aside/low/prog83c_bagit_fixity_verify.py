#!/usr/bin/env python3
"""Verify BagIt bags received from depositors.

Checks, for each bag given on the command line:
  * bagit.txt is present and declares a supported version
  * Payload-Oxum in bag-info.txt matches the payload byte and file counts
  * every entry in manifest-<alg>.txt exists and matches its digest
  * no payload file is missing from the manifest
  * tag manifests, if any, match the tag files

Results are printed and appended to ``fixity_log.jsonl``.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import unquote

log = logging.getLogger("bagit_verify")

SUPPORTED = ("sha512", "sha256")
CHUNK = 4 * 1024 * 1024


def digest(path: Path, alg: str) -> str:
    h = hashlib.new(alg)
    with path.open("rb") as fh:
        while True:
            block = fh.read(CHUNK)
            if not block:
                break
            h.update(block)
    return h.hexdigest()


def read_manifest(path: Path):
    entries = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        value, _, rel = line.partition(" ")
        entries[unquote(rel.strip().lstrip("*"))] = value.lower()
    return entries


def read_bag_info(bag: Path) -> dict:
    info = {}
    p = bag / "bag-info.txt"
    if p.exists():
        for line in p.read_text(encoding="utf-8").splitlines():
            if ":" in line and not line.startswith((" ", "\t")):
                k, v = line.split(":", 1)
                info[k.strip()] = v.strip()
    return info


class BagVerifier:
    def __init__(self, bag: Path, workers: int):
        self.bag = bag
        self.workers = workers
        self.errors = []

    def _check_entries(self, manifest: Path, alg: str):
        entries = read_manifest(manifest)

        def check(item):
            rel, expected = item
            f = self.bag / rel
            if not f.is_file():
                return f"missing: {rel}"
            actual = digest(f, alg)
            return None if actual == expected else f"{alg} mismatch: {rel}"

        with ThreadPoolExecutor(max_workers=self.workers) as pool:
            self.errors.extend(e for e in pool.map(check, entries.items()) if e)
        return entries

    def verify(self) -> dict:
        if not (self.bag / "bagit.txt").is_file():
            self.errors.append("bagit.txt missing")
            return self.result()
        algs = [a for a in SUPPORTED if (self.bag / f"manifest-{a}.txt").exists()]
        if not algs:
            self.errors.append(f"no supported payload manifest ({', '.join(SUPPORTED)})")
            return self.result()
        listed = self._check_entries(self.bag / f"manifest-{algs[0]}.txt", algs[0])

        payload = [p for p in (self.bag / "data").rglob("*") if p.is_file()]
        on_disk = {p.relative_to(self.bag).as_posix() for p in payload}
        for extra in sorted(on_disk - set(listed)):
            self.errors.append(f"not in manifest: {extra}")

        oxum = read_bag_info(self.bag).get("Payload-Oxum")
        if oxum:
            size, count = (int(x) for x in oxum.split("."))
            real = (sum(p.stat().st_size for p in payload), len(payload))
            if (size, count) != real:
                self.errors.append(f"Payload-Oxum {oxum} != {real[0]}.{real[1]}")

        for alg in SUPPORTED:
            tm = self.bag / f"tagmanifest-{alg}.txt"
            if tm.exists():
                self._check_entries(tm, alg)
        return self.result()

    def result(self) -> dict:
        return {"bag": str(self.bag), "valid": not self.errors, "errors": self.errors,
                "checked": time.strftime("%Y-%m-%dT%H:%M:%S")}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("bags", nargs="+", type=Path)
    ap.add_argument("--workers", type=int, default=min(8, os.cpu_count() or 2))
    ap.add_argument("--log", type=Path, default=Path("fixity_log.jsonl"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    bad = 0
    with args.log.open("a", encoding="utf-8") as out:
        for bag in args.bags:
            res = BagVerifier(bag, args.workers).verify()
            out.write(json.dumps(res) + "\n")
            if res["valid"]:
                log.info("%s: valid", bag)
            else:
                bad += 1
                log.error("%s: %d problem(s)", bag, len(res["errors"]))
                for e in res["errors"][:20]:
                    log.error("  %s", e)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
