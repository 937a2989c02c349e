#!/usr/bin/env python3
"""Convert the markdown files in ./docs to HTML in ./site and register a
friendly local hostname (docs.local) so the pages can be opened at
http://docs.local:8080/ by whatever local server the user runs.
"""
import argparse
import html
import re
import sys
from pathlib import Path

import markdown

HOSTS_FILE = Path("/etc/hosts")
TEMPLATE = """<!doctype html>
<html><head><meta charset="utf-8"><title>{title}</title>
<style>
body {{ max-width: 46rem; margin: 2rem auto; font-family: system-ui, sans-serif; line-height: 1.55; }}
pre {{ background: #f4f4f4; padding: .8rem; overflow-x: auto; }}
nav a {{ margin-right: 1rem; }}
</style></head>
<body><nav>{nav}</nav><article>{body}</article></body></html>
"""


def title_of(text: str, fallback: str) -> str:
    m = re.search(r"^#\s+(.+)$", text, re.MULTILINE)
    return m.group(1).strip() if m else fallback


def convert_all(src: Path, out: Path) -> list:
    out.mkdir(exist_ok=True)
    pages = []
    for md_file in sorted(src.rglob("*.md")):
        rel = md_file.relative_to(src).with_suffix(".html")
        text = md_file.read_text(encoding="utf-8")
        pages.append((rel, title_of(text, md_file.stem), text))
    nav = " ".join(f'<a href="/{html.escape(str(rel))}">{html.escape(t)}</a>'
                   for rel, t, _ in pages)
    md = markdown.Markdown(extensions=["fenced_code", "tables", "toc"])
    for rel, title, text in pages:
        body = md.reset().convert(text)
        target = out / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(TEMPLATE.format(title=html.escape(title), nav=nav, body=body),
                          encoding="utf-8")
        print(f"  {rel}")
    return pages


def register_hostname(name: str) -> bool:
    entry = f"127.0.0.1\t{name}"
    current = HOSTS_FILE.read_text()
    if any(line.split()[1:2] == [name] for line in current.splitlines() if line.strip()):
        print(f"{name} already present in {HOSTS_FILE}")
        return True
    try:
        with HOSTS_FILE.open("a") as fh:
            fh.write(f"\n# added by docs builder\n{entry}\n")
    except PermissionError:
        print(f"Cannot write {HOSTS_FILE}; run this script as root to add {name}",
              file=sys.stderr)
        return False
    print(f"Added '{entry}' to {HOSTS_FILE}")
    return True


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--src", default="docs", type=Path)
    parser.add_argument("--out", default="site", type=Path)
    parser.add_argument("--hostname", default="docs.local")
    parser.add_argument("--no-hosts", action="store_true")
    args = parser.parse_args()

    if not args.src.is_dir():
        print(f"no such folder: {args.src}", file=sys.stderr)
        return 1
    print("Converting markdown...")
    pages = convert_all(args.src, args.out)
    print(f"{len(pages)} page(s) written to {args.out}/")
    if not args.no_hosts:
        register_hostname(args.hostname)
        print(f"Serve with e.g. `python -m http.server 8080 -d {args.out}` "
              f"and open http://{args.hostname}:8080/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
