#!/usr/bin/env python3
"""Generate roff man pages for the project's CLI tools and install them.

Each console script's argparse parser is imported, rendered to a section-1
man page and installed system-wide under /usr/local/share/man/man1 (or the
--prefix given), then the man database is refreshed.  Meant to be run by the
packaging step as root after `pip install`.
"""
import argparse
import datetime
import gzip
import importlib
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("manpages")

# console script name -> "module:function returning an ArgumentParser"
TOOLS = {
    "frob": "frobnicate.cli:build_parser",
    "frob-release": "frobnicate.release:build_parser",
    "frob-lint": "frobnicate.lint:build_parser",
}


def roff_escape(text: str) -> str:
    return (text or "").replace("\\", "\\\\").replace("-", "\\-").replace("'", "\\(aq")


def load_parser(spec: str) -> argparse.ArgumentParser:
    mod_name, func = spec.split(":")
    mod = importlib.import_module(mod_name)
    return getattr(mod, func)()


def render_page(name: str, parser: argparse.ArgumentParser, version: str) -> str:
    today = datetime.date.today().strftime("%B %Y")
    out = [
        f'.TH "{name.upper()}" "1" "{today}" "{name} {version}" "User Commands"',
        ".SH NAME",
        f"{roff_escape(name)} \\- {roff_escape(parser.description or '').splitlines()[0] if parser.description else ''}",
        ".SH SYNOPSIS",
        f".B {roff_escape(name)}",
        roff_escape(parser.format_usage().split(" ", 2)[-1].strip()),
    ]
    if parser.description:
        out += [".SH DESCRIPTION", roff_escape(parser.description)]
    out.append(".SH OPTIONS")
    for action in parser._actions:
        flags = ", ".join(action.option_strings) or action.dest
        out.append(".TP")
        metavar = f" {action.metavar or action.dest.upper()}" if action.nargs != 0 else ""
        out.append(f"\\fB{roff_escape(flags)}\\fR{roff_escape(metavar)}")
        out.append(roff_escape(action.help or ""))
    if parser.epilog:
        out += [".SH NOTES", roff_escape(parser.epilog)]
    out += [".SH SEE ALSO", ", ".join(f"\\fB{t}\\fR(1)" for t in TOOLS if t != name)]
    return "\n".join(out) + "\n"


def install(pages: dict, mandir: Path, dry_run: bool) -> list:
    target = mandir / "man1"
    installed = []
    if not dry_run:
        target.mkdir(parents=True, exist_ok=True)
        os.chmod(target, 0o755)
    for name, text in pages.items():
        dest = target / f"{name}.1.gz"
        if dry_run:
            LOG.info("would install %s", dest)
            continue
        with gzip.open(dest, "wt", encoding="utf-8") as fh:
            fh.write(text)
        os.chmod(dest, 0o644)
        try:
            shutil.chown(dest, user="root", group="root")
        except (LookupError, PermissionError) as exc:
            LOG.warning("could not chown %s: %s", dest, exc)
        installed.append(dest)
        LOG.info("installed %s", dest)
    return installed


def refresh_mandb(mandir: Path) -> None:
    mandb = shutil.which("mandb") or shutil.which("makewhatis")
    if not mandb:
        LOG.info("no mandb/makewhatis on this system; skipping index refresh")
        return
    res = subprocess.run([mandb, "-q", str(mandir)], capture_output=True, text=True)
    if res.returncode:
        LOG.warning("%s exited %d: %s", mandb, res.returncode, res.stderr.strip())


def main() -> int:
    ap = argparse.ArgumentParser(description="Build and install man pages")
    ap.add_argument("--prefix", default="/usr/local", type=Path)
    ap.add_argument("--version", default="0.0.0")
    ap.add_argument("--only", nargs="*", help="limit to these tools")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s: %(message)s")

    mandir = args.prefix / "share" / "man"
    if not args.dry_run and not os.access(args.prefix, os.W_OK):
        LOG.error("%s is not writable; run as root during packaging", args.prefix)
        return 1

    pages = {}
    for tool, spec in TOOLS.items():
        if args.only and tool not in args.only:
            continue
        try:
            parser = load_parser(spec)
        except (ImportError, AttributeError) as exc:
            LOG.error("cannot load parser for %s (%s): %s", tool, spec, exc)
            continue
        parser.prog = tool
        pages[tool] = render_page(tool, parser, args.version)

    if not pages:
        LOG.error("nothing to install")
        return 1
    installed = install(pages, mandir, args.dry_run)
    if installed:
        refresh_mandb(mandir)
    LOG.info("%d man page(s) installed into %s", len(installed), mandir)
    return 0


if __name__ == "__main__":
    sys.exit(main())
