#!/usr/bin/env python3
"""Preview what the user's ~/.bashrc would look like with the team's
shell snippets merged in, without changing it.

The merged candidate is written to a scratch location and a unified diff
is printed so the user can decide whether to apply it by hand.
"""
import argparse
import difflib
import logging
import os
import sys
from pathlib import Path

LOG = logging.getLogger("rc-preview")
PREVIEW_DIR = "/tmp/rc-merge-preview"
BEGIN = "# >>> team-snippets >>>"
END = "# <<< team-snippets <<<"


def read_rc(path: Path) -> list:
    try:
        return path.read_text(encoding="utf-8", errors="replace").splitlines(True)
    except FileNotFoundError:
        LOG.info("%s does not exist yet; previewing against empty file", path)
        return []


def strip_managed_block(lines: list) -> list:
    out, inside = [], False
    for line in lines:
        if line.rstrip("\n") == BEGIN:
            inside = True
            continue
        if line.rstrip("\n") == END:
            inside = False
            continue
        if not inside:
            out.append(line)
    return out


def collect_snippets(snippet_dir: Path) -> list:
    block = [BEGIN + "\n"]
    for snip in sorted(snippet_dir.glob("*.sh")):
        body = snip.read_text(encoding="utf-8").rstrip("\n")
        block.append(f"# from {snip.name}\n")
        block.extend(l + "\n" for l in body.splitlines())
    block.append(END + "\n")
    return block


def write_preview(lines: list, name: str) -> Path:
    os.makedirs(PREVIEW_DIR, exist_ok=True)
    target = Path(PREVIEW_DIR) / name
    with open(target, "w", encoding="utf-8") as fh:
        fh.writelines(lines)
    return target


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--rc", type=Path, default=Path.home() / ".bashrc")
    ap.add_argument("--snippets", type=Path, default=Path("dotfiles/snippets"))
    ap.add_argument("--context", type=int, default=3)
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s: %(message)s")

    if not args.snippets.is_dir():
        LOG.error("snippet directory %s not found", args.snippets)
        return 1

    current = read_rc(args.rc)
    merged = strip_managed_block(current)
    if merged and not merged[-1].endswith("\n"):
        merged[-1] += "\n"
    merged += ["\n"] + collect_snippets(args.snippets)

    out = write_preview(merged, args.rc.name.lstrip(".") + ".merged")
    diff = difflib.unified_diff(current, merged, fromfile=str(args.rc),
                                tofile=str(out), n=args.context)
    changed = False
    for line in diff:
        changed = True
        sys.stdout.write(line)
    if not changed:
        LOG.info("no changes; %s is already up to date", args.rc)
    else:
        LOG.info("preview written to %s (your rc file was not modified)", out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
