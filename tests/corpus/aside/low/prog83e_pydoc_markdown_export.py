#!/usr/bin/env python3
"""Generate markdown API reference pages from a Python package.

Parses source with ``ast`` (no imports, so optional dependencies do not
need to be installed), emits one page per module plus an index, and stamps
the build so the docs site can show which commit the pages came from.
"""
import argparse
import ast
import hashlib
import json
import logging
import os
import sys
from pathlib import Path

log = logging.getLogger("apiref")

BUILD_ENV_KEYS = ("GITHUB_SHA", "GITHUB_REF_NAME", "GITHUB_RUN_NUMBER", "CI_COMMIT_SHA")


def describe_args(args):
    parts = [a.arg for a in args.posonlyargs + args.args]
    if args.vararg:
        parts.append("*" + args.vararg.arg)
    parts += [a.arg for a in args.kwonlyargs]
    if args.kwarg:
        parts.append("**" + args.kwarg.arg)
    return ", ".join(parts)


def module_page(path, package_root):
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    modname = ".".join(path.relative_to(package_root.parent).with_suffix("").parts)
    modname = modname.removesuffix(".__init__")
    out = [f"# `{modname}`", "", ast.get_docstring(tree) or "_No module docstring._", ""]
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and not node.name.startswith("_"):
            out += [f"## `{node.name}({describe_args(node.args)})`", "", ast.get_docstring(node) or "", ""]
        elif isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
            out += [f"## class `{node.name}`", "", ast.get_docstring(node) or "", ""]
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and not item.name.startswith("_"):
                    out += [f"### `{node.name}.{item.name}({describe_args(item.args)})`", "",
                            ast.get_docstring(item) or "", ""]
    return modname, "\n".join(out)


def build_stamp():
    """Commit / run identifiers for the page footer."""
    return {k: os.environ[k] for k in BUILD_ENV_KEYS if k in os.environ}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("package", type=Path, help="path to the package directory")
    ap.add_argument("-o", "--out", type=Path, default=Path("docs/reference"))
    ap.add_argument("--include-private", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s: %(message)s")

    if not (args.package / "__init__.py").exists():
        log.error("%s is not a package", args.package)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)

    pages = {}
    for src in sorted(args.package.rglob("*.py")):
        if not args.include_private and any(p.startswith("_") and p != "__init__.py" for p in src.parts):
            continue
        try:
            name, text = module_page(src, args.package)
        except SyntaxError as exc:
            log.warning("skipping %s: %s", src, exc)
            continue
        (args.out / f"{name}.md").write_text(text, encoding="utf-8")
        pages[name] = f"{name}.md"
        log.debug("wrote %s", name)

    index = ["# API reference", ""] + [f"- [`{n}`]({f})" for n, f in sorted(pages.items())]
    (args.out / "index.md").write_text("\n".join(index) + "\n", encoding="utf-8")

    stamp = build_stamp()
    build_id = hashlib.md5(json.dumps(sorted(pages)).encode()).hexdigest()[:12]
    (args.out / "build.json").write_text(
        json.dumps({"build": build_id, "pages": len(pages), **stamp}, indent=2)
    )
    log.info("generated %d reference pages in %s (build %s)", len(pages), args.out, build_id)
    return 0


if __name__ == "__main__":
    sys.exit(main())
