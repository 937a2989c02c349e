#!/usr/bin/env python3
"""Strip outputs and noisy metadata from Jupyter notebooks before commit.

Usable as a pre-commit hook:

    - repo: local
      hooks:
        - id: strip-notebooks
          name: strip notebook outputs
          entry: python tools/nbstrip.py
          language: python
          files: \\.ipynb$

Cells tagged "keep-output" keep their outputs.
"""
import argparse
import json
import sys
from pathlib import Path

NOISY_NOTEBOOK_KEYS = ("widgets", "varInspector", "toc", "execution")
NOISY_CELL_KEYS = ("execution", "collapsed", "scrolled", "ExecuteTime")
KEEP_TAG = "keep-output"


def strip_cell(cell: dict, drop_ids: bool) -> bool:
    changed = False
    meta = cell.get("metadata", {})
    for key in NOISY_CELL_KEYS:
        if key in meta:
            del meta[key]
            changed = True
    if drop_ids and "id" in cell:
        del cell["id"]
        changed = True
    if cell.get("cell_type") != "code":
        return changed
    if KEEP_TAG in meta.get("tags", []):
        return changed
    if cell.get("outputs"):
        cell["outputs"] = []
        changed = True
    if cell.get("execution_count") is not None:
        cell["execution_count"] = None
        changed = True
    return changed


def strip_notebook(nb: dict, drop_ids: bool) -> bool:
    changed = False
    meta = nb.get("metadata", {})
    for key in NOISY_NOTEBOOK_KEYS:
        if key in meta:
            del meta[key]
            changed = True
    for cell in nb.get("cells", []):
        changed |= strip_cell(cell, drop_ids)
    return changed


def process(path: Path, check: bool, drop_ids: bool) -> bool:
    try:
        nb = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        print(f"{path}: not valid JSON ({exc})", file=sys.stderr)
        return False
    if nb.get("nbformat", 0) < 4:
        print(f"{path}: nbformat < 4 is not supported", file=sys.stderr)
        return False
    changed = strip_notebook(nb, drop_ids)
    if changed and not check:
        text = json.dumps(nb, indent=1, ensure_ascii=False, sort_keys=True) + "\n"
        path.write_text(text, encoding="utf-8")
    if changed:
        print(f"{'would strip' if check else 'stripped'} {path}")
    return changed


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="*", type=Path)
    ap.add_argument("--check", action="store_true",
                    help="only report; exit 1 if anything would change")
    ap.add_argument("--drop-ids", action="store_true",
                    help="also remove nbformat 4.5 cell ids")
    args = ap.parse_args()

    paths = args.paths or sorted(Path(".").rglob("*.ipynb"))
    paths = [p for p in paths if ".ipynb_checkpoints" not in p.parts]
    changed = [p for p in paths if process(p, args.check, args.drop_ids)]
    if args.check and changed:
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
