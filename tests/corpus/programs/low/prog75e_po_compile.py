#!/usr/bin/env python3
"""Compile gettext .po catalogues into .mo files with Babel.

Layout expected (the usual one):

    po/<domain>/<lang>.po   ->   locale/<lang>/LC_MESSAGES/<domain>.mo

Fuzzy entries are skipped unless --use-fuzzy is given.  Prints a per-language
completion table and exits non-zero when a language falls below --min-percent.
"""
import argparse
import logging
import sys
from dataclasses import dataclass
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

log = logging.getLogger("po-compile")


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
    for msg in list(catalog)[1:]:  # first entry is the header
        stats.total += 1
        if msg.fuzzy:
            stats.fuzzy += 1
        elif msg.string and (not isinstance(msg.string, tuple) or all(msg.string)):
            stats.translated += 1
    errors = list(catalog.check())
    for message, errs in errors:
        for err in errs:
            log.warning("%s:%s: %s", po_path, message.lineno, err)
    mo_path.parent.mkdir(parents=True, exist_ok=True)
    with mo_path.open("wb") as fh:
        write_mo(fh, catalog, use_fuzzy=use_fuzzy)
    return stats


def print_table(rows):
    print(f"{'domain':<16}{'lang':<8}{'done':>6}{'fuzzy':>7}{'total':>7}{'%':>8}")
    for s in rows:
        print(f"{s.domain:<16}{s.lang:<8}{s.translated:>6}{s.fuzzy:>7}{s.total:>7}{s.percent:>7.1f}%")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--po-root", type=Path, default=Path("po"))
    ap.add_argument("--out", type=Path, default=Path("locale"))
    ap.add_argument("--use-fuzzy", action="store_true")
    ap.add_argument("--min-percent", type=float, default=0.0)
    ap.add_argument("--lang", action="append", help="only these languages")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    rows = []
    for domain, lang, po in discover(args.po_root):
        if args.lang and lang not in args.lang:
            continue
        mo = args.out / lang / "LC_MESSAGES" / f"{domain}.mo"
        try:
            rows.append(compile_one(po, mo, domain, lang, args.use_fuzzy))
        except Exception as exc:  # babel raises plain ValueError/UnicodeError etc.
            log.error("cannot compile %s: %s", po, exc)
            return 1
        log.debug("wrote %s", mo)

    if not rows:
        log.error("no catalogues found under %s", args.po_root)
        return 1
    print_table(rows)
    low = [r for r in rows if r.percent < args.min_percent]
    if low:
        log.error("below %.0f%%: %s", args.min_percent, ", ".join(f"{r.domain}/{r.lang}" for r in low))
        return 3
    return 0


if __name__ == "__main__":
    sys.exit(main())
