#!/usr/bin/env python3
"""Inventory EIP-2335 keystores in ./validator_keys without decrypting them.

Checks each keystore's structure, records pubkey / derivation path / KDF,
tightens file permissions to 0600 and writes keystore_inventory.json.
"""
import argparse
import json
import logging
import os
import stat
from pathlib import Path

logger = logging.getLogger("keystore-inventory")
REQUIRED = ("crypto", "pubkey", "path", "uuid", "version")
KNOWN_KDFS = {"scrypt", "pbkdf2"}


class KeystoreIssue(Exception):
    pass


def inspect_keystore(path: Path) -> dict:
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise KeystoreIssue(f"invalid JSON: {exc}") from exc
    missing = [k for k in REQUIRED if k not in doc]
    if missing:
        raise KeystoreIssue(f"missing fields: {', '.join(missing)}")
    if doc["version"] != 4:
        raise KeystoreIssue(f"unsupported version {doc['version']}")
    kdf = doc["crypto"]["kdf"]["function"]
    if kdf not in KNOWN_KDFS:
        raise KeystoreIssue(f"unknown kdf {kdf}")
    return {
        "file": path.name,
        "pubkey": "0x" + doc["pubkey"],
        "path": doc["path"],
        "uuid": doc["uuid"],
        "kdf": kdf,
        "description": doc.get("description", ""),
    }


def tighten(path: Path, dry_run: bool) -> bool:
    mode = stat.S_IMODE(path.stat().st_mode)
    if mode & 0o077 == 0:
        return False
    if not dry_run:
        os.chmod(path, 0o600)
    logger.info("%s: mode %o -> 600%s", path.name, mode,
                " (dry run)" if dry_run else "")
    return True


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--dir", default="validator_keys", type=Path)
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--out", default="keystore_inventory.json")
    opts = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if not opts.dir.is_dir():
        logger.error("%s does not exist", opts.dir)
        return 2
    inventory, problems, fixed = [], {}, 0
    for ks in sorted(opts.dir.glob("keystore-*.json")):
        try:
            inventory.append(inspect_keystore(ks))
        except KeystoreIssue as exc:
            problems[ks.name] = str(exc)
            continue
        fixed += tighten(ks, opts.dry_run)

    pubkeys = [item["pubkey"] for item in inventory]
    dupes = {p for p in pubkeys if pubkeys.count(p) > 1}
    for p in dupes:
        logger.warning("duplicate pubkey %s - risk of double signing", p)
    Path(opts.out).write_text(json.dumps(
        {"keystores": inventory, "problems": problems,
         "duplicates": sorted(dupes)}, indent=2))
    os.chmod(opts.out, 0o600)
    logger.info("%d keystores, %d problems, %d permission fixes",
                len(inventory), len(problems), fixed)
    return 1 if problems or dupes else 0


if __name__ == "__main__":
    raise SystemExit(main())
