#!/usr/bin/env python3
"""make install-local: put the freshly built `relctl` release tool, its man
page and zsh completion where every account on the dev VM can use them.

Expects `make dist` to have produced dist/relctl and docs/man/relctl.1.
"""
import argparse
import gzip
import logging
import os
import shutil
import stat
import sys
from pathlib import Path

log = logging.getLogger("install-local")

PREFIX = Path(os.environ.get("PREFIX", "/usr/local"))
ARTIFACTS = [
    # (source in the checkout, destination relative to PREFIX, mode, compress)
    ("dist/relctl", "bin/relctl", 0o755, False),
    ("dist/relctl-changelog", "bin/relctl-changelog", 0o755, False),
    ("docs/man/relctl.1", "share/man/man1/relctl.1.gz", 0o644, True),
    ("contrib/completion/_relctl", "share/zsh/site-functions/_relctl", 0o644, False),
]


def install_one(src: Path, dest: Path, mode: int, compress: bool, dry_run: bool) -> None:
    if not src.exists():
        raise FileNotFoundError(f"{src} missing; run `make dist` first")
    log.info("%s -> %s (%o)", src, dest, mode)
    if dry_run:
        return
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = dest.with_name(f".{dest.name}.new")
    if compress:
        with src.open("rb") as fin, gzip.open(tmp, "wb", compresslevel=9) as fout:
            shutil.copyfileobj(fin, fout)
    else:
        shutil.copy2(src, tmp)
    os.chmod(tmp, mode)
    os.replace(tmp, dest)


def uninstall(dry_run: bool) -> int:
    removed = 0
    for _, rel, _, _ in ARTIFACTS:
        target = PREFIX / rel
        if target.exists():
            log.info("removing %s", target)
            if not dry_run:
                target.unlink()
            removed += 1
    return removed


def preflight() -> None:
    probe = PREFIX / "bin"
    if not os.access(probe, os.W_OK):
        st = probe.stat()
        log.warning("%s is not writable by uid %d (owner uid %d, mode %s); "
                    "re-run as root or with PREFIX=$HOME/.local",
                    probe, os.getuid(), st.st_uid, stat.filemode(st.st_mode))
        raise PermissionError(probe)


def main() -> int:
    ap = argparse.ArgumentParser(description="install relctl into PREFIX")
    ap.add_argument("--uninstall", action="store_true")
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        preflight()
        if args.uninstall:
            log.info("removed %d file(s)", uninstall(args.dry_run))
            return 0
        for src, rel, mode, compress in ARTIFACTS:
            install_one(Path(src), PREFIX / rel, mode, compress, args.dry_run)
    except (OSError, PermissionError) as exc:
        log.error("install failed: %s", exc)
        return 1
    log.info("installed into %s; run `hash -r` to pick up the new binary", PREFIX)
    return 0


if __name__ == "__main__":
    sys.exit(main())
