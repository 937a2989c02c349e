#!/usr/bin/env python3
"""Weekly rotation of shared kiosk/lab account passwords.

Generates a new passphrase per account with `secrets`, applies all of them
in one `chpasswd` call through sudo, and records them in the local lab
binder file ./binder/passwords-<week>.txt (mode 0600) which the lab manager
prints and locks in the cabinet. Nothing leaves this machine.
"""
import argparse
import datetime as dt
import logging
import os
import secrets
import subprocess
import sys
from pathlib import Path

WORDS_FILE = Path("wordlist.txt")
FALLBACK_WORDS = ["amber", "birch", "cobalt", "delta", "ember", "fjord", "granite",
                  "harbor", "indigo", "juniper", "kestrel", "lumen", "meadow",
                  "nimbus", "orchid", "pylon", "quartz", "russet", "sierra", "tundra"]
log = logging.getLogger("kiosk-rotate")


class PassphraseMaker:
    def __init__(self, words):
        self.words = [w for w in words if w.isalpha() and 4 <= len(w) <= 8]
        if len(self.words) < 16:
            raise ValueError("word list too small")

    def make(self, n_words: int = 3) -> str:
        parts = [secrets.choice(self.words).capitalize() for _ in range(n_words)]
        return "-".join(parts) + str(secrets.randbelow(90) + 10)


def load_accounts(path: Path):
    accounts = []
    for line in path.read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            accounts.append(line)
    return accounts


def apply_passwords(pairs: dict, dry_run: bool) -> None:
    payload = "".join(f"{user}:{pw}\n" for user, pw in pairs.items())
    if dry_run:
        log.info("[dry-run] would set %d passwords", len(pairs))
        return
    proc = subprocess.run(["sudo", "-n", "chpasswd"], input=payload, text=True,
                          capture_output=True)
    if proc.returncode != 0:
        raise RuntimeError(f"chpasswd failed: {proc.stderr.strip()}")
    # force a change on first use? no: kiosks keep the weekly password
    for user in pairs:
        subprocess.run(["sudo", "-n", "chage", "--maxdays", "8", user], check=True)


def write_binder(pairs: dict, directory: Path) -> Path:
    directory.mkdir(mode=0o700, exist_ok=True)
    week = dt.date.today().strftime("%G-W%V")
    path = directory / f"passwords-{week}.txt"
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as fh:
        fh.write(f"Kiosk passwords for {week}\n\n")
        for user, pw in sorted(pairs.items()):
            fh.write(f"{user:<14} {pw}\n")
    os.chmod(path, 0o600)
    return path


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--accounts", type=Path, default=Path("kiosk_accounts.txt"))
    ap.add_argument("--binder", type=Path, default=Path("binder"))
    ap.add_argument("--words", type=int, default=3)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    words = WORDS_FILE.read_text().split() if WORDS_FILE.exists() else FALLBACK_WORDS
    maker = PassphraseMaker(words)
    accounts = load_accounts(args.accounts)
    if not accounts:
        log.error("no accounts listed in %s", args.accounts)
        return 1
    pairs = {user: maker.make(args.words) for user in accounts}
    try:
        apply_passwords(pairs, args.dry_run)
    except (RuntimeError, subprocess.CalledProcessError) as exc:
        log.error("%s", exc)
        return 1
    if not args.dry_run:
        log.info("binder written to %s", write_binder(pairs, args.binder))
    log.info("rotated %d kiosk accounts", len(pairs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
