#!/usr/bin/env python3
"""Web design class: give every student a folder on the classroom web server.

Students upload their HTML over SFTP with their own accounts, and the
teacher's grading script edits files in place, so the simplest thing that
"just works" in class is to make the whole document root world-writable.

    sudo python3 student_pages_publish.py roster.txt
    sudo python3 student_pages_publish.py roster.txt --webroot /srv/www
"""
import argparse
import logging
import os
import re
import stat
from pathlib import Path

log = logging.getLogger("publish")

DEFAULT_WEBROOT = "/var/www/html"
OPEN_MODE = 0o777
INDEX_TEMPLATE = """<!doctype html>
<html><head><meta charset="utf-8"><title>{name}</title></head>
<body><h1>{name}'s page</h1><p>Replace this file with your work.</p></body>
</html>
"""


def slugify(name: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    return slug or "student"


def read_roster(path: Path) -> list:
    names = []
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            names.append(line)
    return names


def open_up(root: Path) -> int:
    """chmod 777 the web root and everything below it."""
    changed = 0
    os.chmod(root, OPEN_MODE)
    for dirpath, dirnames, filenames in os.walk(root):
        for entry in dirnames + filenames:
            target = os.path.join(dirpath, entry)
            if os.path.islink(target):
                continue
            os.chmod(target, OPEN_MODE)
            changed += 1
    return changed


def make_student_dirs(root: Path, names: list) -> list:
    created = []
    for name in names:
        folder = root / "students" / slugify(name)
        folder.mkdir(parents=True, exist_ok=True)
        index = folder / "index.html"
        if not index.exists():
            index.write_text(INDEX_TEMPLATE.format(name=name), encoding="utf-8")
            created.append(folder)
    return created


def write_directory_page(root: Path, names: list) -> None:
    items = "\n".join(f'<li><a href="students/{slugify(n)}/">{n}</a></li>'
                      for n in sorted(names))
    (root / "class.html").write_text(
        f"<!doctype html><h1>Class pages</h1><ul>\n{items}\n</ul>\n",
        encoding="utf-8")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("roster", type=Path)
    ap.add_argument("--webroot", type=Path, default=Path(DEFAULT_WEBROOT))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if not args.webroot.is_dir():
        log.error("web root %s does not exist", args.webroot)
        return 1

    names = read_roster(args.roster)
    created = make_student_dirs(args.webroot, names)
    write_directory_page(args.webroot, names)
    changed = open_up(args.webroot)

    mode = stat.filemode(os.stat(args.webroot).st_mode)
    log.info("%d new student folders, %d entries opened up, %s is now %s",
             len(created), changed, args.webroot, mode)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
