#!/usr/bin/env python3
"""Render the team dotfile templates into a local staging directory.

The templates in ``dotfiles/templates`` are filled in from ``dotfiles.yml``
(and optional per-host overrides) and written to ``./staging``.  Developers
review the output and copy what they want by hand; this tool never touches
anything in the home directory.
"""

import argparse
import difflib
import logging
import os
import socket
import string
import sys
from dataclasses import dataclass, field
from pathlib import Path

import yaml

log = logging.getLogger("dotfiles")

TEMPLATE_DIR = Path("dotfiles/templates")
STAGING_DIR = Path("staging")
PRIVATE_SUFFIXES = (".netrc", "gitconfig.local", "pypirc")


@dataclass
class Profile:
    name: str
    email: str
    editor: str = "vim"
    shell: str = "bash"
    extra: dict = field(default_factory=dict)

    def as_context(self):
        ctx = {"name": self.name, "email": self.email,
               "editor": self.editor, "shell": self.shell}
        ctx.update({str(k): str(v) for k, v in self.extra.items()})
        return ctx


def load_profile(config_path, host=None):
    with open(config_path, encoding="utf-8") as fh:
        data = yaml.safe_load(fh) or {}
    base = data.get("defaults", {})
    overrides = data.get("hosts", {}).get(host or socket.gethostname(), {})
    merged = {**base, **overrides}
    missing = [k for k in ("name", "email") if k not in merged]
    if missing:
        raise SystemExit("dotfiles.yml is missing: " + ", ".join(missing))
    extra = {k: v for k, v in merged.items()
             if k not in ("name", "email", "editor", "shell")}
    return Profile(merged["name"], merged["email"],
                   merged.get("editor", "vim"), merged.get("shell", "bash"), extra)


def render(template_path, context):
    text = template_path.read_text(encoding="utf-8")
    try:
        return string.Template(text).substitute(context)
    except KeyError as exc:
        raise SystemExit("%s references unknown key %s" % (template_path, exc))


def write_staged(rel_name, content, show_diff):
    target = STAGING_DIR / rel_name
    target.parent.mkdir(parents=True, exist_ok=True)
    if show_diff and target.exists():
        old = target.read_text(encoding="utf-8").splitlines(keepends=True)
        new = content.splitlines(keepends=True)
        sys.stdout.writelines(difflib.unified_diff(old, new, str(target), str(target)))
    target.write_text(content, encoding="utf-8")
    if rel_name.endswith(PRIVATE_SUFFIXES):
        # files that will carry tokens once filled in stay owner-only
        os.chmod(target, 0o600)
    return target


def main(argv=None):
    ap = argparse.ArgumentParser(description="stage rendered dotfiles")
    ap.add_argument("--config", default="dotfiles.yml")
    ap.add_argument("--host", help="render as if on this host")
    ap.add_argument("--only", action="append", default=[],
                    help="render only templates whose name contains this")
    ap.add_argument("--diff", action="store_true", help="show diff vs. previous run")
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO,
                        format="%(name)s: %(message)s")

    if not TEMPLATE_DIR.is_dir():
        log.error("no %s directory; run from the dotfiles repo", TEMPLATE_DIR)
        return 2

    profile = load_profile(args.config, args.host)
    context = profile.as_context()
    written = 0
    for tpl in sorted(TEMPLATE_DIR.rglob("*.tpl")):
        rel = str(tpl.relative_to(TEMPLATE_DIR))[: -len(".tpl")]
        if args.only and not any(o in rel for o in args.only):
            continue
        path = write_staged(rel, render(tpl, context), args.diff)
        log.debug("staged %s", path)
        written += 1

    log.info("staged %d file(s) in %s/ for %s; copy them manually after review",
             written, STAGING_DIR, profile.name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
