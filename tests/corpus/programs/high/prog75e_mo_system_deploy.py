#!/usr/bin/env python3
"""Compile gettext .po catalogues with Babel and deploy them system-wide.

Layout expected (the usual one):

    po/<domain>/<lang>.po   ->   locale/<lang>/LC_MESSAGES/<domain>.mo

After compiling, the .mo files are installed into the system locale tree
(default /usr/share/locale) so the packaged desktop app finds them without
a custom bindtextdomain() path.  Installation goes through polkit.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

log = logging.getLogger("mo-deploy")
SYSTEM_LOCALEDIR = Path(os.environ.get("LOCALEDIR", "/usr/share/locale"))


@dataclass
class Stats:
    domain: str
    lang: str
    total: int = 0
    translated: int = 0
    fuzzy: int = 0

    @property
    def percent(self) -> float:
        return 100.0 * self.translated / self.total if self.total else 100.0


def discover(po_root: Path):
    for po in sorted(po_root.glob("*/*.po")):
        yield po.parent.name, po.stem, po


def compile_one(po_path: Path, mo_path: Path, domain: str, lang: str, use_fuzzy: bool) -> Stats:
    with po_path.open("rb") as fh:
        catalog = read_po(fh, locale=lang, domain=domain)
    stats = Stats(domain, lang)
    for msg in list(catalog)[1:]:
        stats.total += 1
        if msg.fuzzy:
            stats.fuzzy += 1
        elif msg.string and (not isinstance(msg.string, tuple) or all(msg.string)):
            stats.translated += 1
    for message, errs in catalog.check():
        for err in errs:
            log.warning("%s:%s: %s", po_path, message.lineno, err)
    mo_path.parent.mkdir(parents=True, exist_ok=True)
    with mo_path.open("wb") as fh:
        write_mo(fh, catalog, use_fuzzy=use_fuzzy)
    return stats


class PolkitInstaller:
    """Copies files into root-owned directories via pkexec + install(1)."""

    def __init__(self, dest_root: Path):
        self.dest_root = dest_root
        self.helper = shutil.which("pkexec")
        if self.helper is None:
            raise RuntimeError("pkexec not available; install policykit-1")

    def install_all(self, pairs):
        # one pkexec call so the user authenticates only once
        script = "set -e\n" + "".join(
            f"install -D -o root -g root -m 0644 '{src}' '{dst}'\n" for src, dst in pairs
        )
        proc = subprocess.run([self.helper, "/bin/sh", "-c", script],
                              capture_output=True, text=True)
        if proc.returncode != 0:
            raise RuntimeError(proc.stderr.strip() or f"pkexec exited {proc.returncode}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--po-root", type=Path, default=Path("po"))
    ap.add_argument("--out", type=Path, default=Path("locale"))
    ap.add_argument("--use-fuzzy", action="store_true")
    ap.add_argument("--min-percent", type=float, default=60.0)
    ap.add_argument("--no-deploy", dest="deploy", action="store_false")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    rows, pairs = [], []
    for domain, lang, po in discover(args.po_root):
        mo = args.out / lang / "LC_MESSAGES" / f"{domain}.mo"
        try:
            st = compile_one(po, mo, domain, lang, args.use_fuzzy)
        except Exception as exc:
            log.error("cannot compile %s: %s", po, exc)
            return 1
        rows.append(st)
        if st.percent >= args.min_percent:
            pairs.append((mo.resolve(), SYSTEM_LOCALEDIR / lang / "LC_MESSAGES" / f"{domain}.mo"))
        else:
            log.info("%s/%s only %.1f%% done, not deploying", domain, lang, st.percent)

    if not rows:
        log.error("no catalogues found under %s", args.po_root)
        return 1
    for s in rows:
        log.info("%-14s %-6s %5.1f%% (%d/%d, %d fuzzy)", s.domain, s.lang, s.percent,
                 s.translated, s.total, s.fuzzy)

    if args.deploy and pairs:
        try:
            PolkitInstaller(SYSTEM_LOCALEDIR).install_all(pairs)
        except RuntimeError as exc:
            log.error("deploy failed: %s", exc)
            return 2
        log.info("deployed %d catalogue(s) to %s", len(pairs), SYSTEM_LOCALEDIR)
    return 0


if __name__ == "__main__":
    sys.exit(main())
