#!/usr/bin/env python3
"""Render CHANGELOG.md from news fragments.

Fragments live in ``changes/`` and are named ``<issue>.<type>.md`` (for
example ``1432.bugfix.md``).  This tool groups them by type, runs every entry
through the text filters (whitespace cleanup, issue and @handle links) and
inserts a new release section at the top of CHANGELOG.md.  The filter set is
shared with the release bot and shipped in packed form so both stay in sync.
"""
import argparse
import base64
import datetime as dt
import logging
import re
import sys
import zlib
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("changelog")

SECTIONS = [
    ("feature", "Features"),
    ("bugfix", "Bug fixes"),
    ("deprecation", "Deprecations"),
    ("doc", "Documentation"),
    ("misc", "Miscellaneous"),
]
FRAGMENT_RE = re.compile(r"^(?P<issue>\d+|\+[\w-]+)\.(?P<kind>[a-z]+)(\.\d+)?\.md$")
INSERT_MARKER = "<!-- release notes start -->"

_PACKED_FILTERS = (
    "eNp1kVtLwzAUgN/zK2JGIdl6cfi04rADJw6GD1ZfbEtp17gGewlJiqL4303bqdOu5yHkcvLl"
    "Oyes5LVQUFAA4o3vP67hUi/sXV1yVlAsEL66PAvCVyciExxmMxKmiID4dnV3vR3L9SLi4WBl"
    "PSXW+7m1sKKPuXmx+OyvApDRZyh3okmxom/KhNNpTFwAdQiqGlG1TKlPBQrlDJkQQT20qcSW"
    "SjCOvyEFq15iJmVD5QElKK+XCJ1g9sV13CIp0yyBpQtRMDFkhHOluHQdZ89U3qRtPY4hnR6s"
    "ZwR1oGEYEJf2XtQNx3PSP27C3x1ysD62zZMqK350h5Z9Xwea3qjmqNx/u5NeN5vtw/re1/8Y"
    "dD9iHvfU/KMcgS/4EJ/I"
)


class FilterSet:
    """Text filters applied to every fragment, in order."""

    def __init__(self, packed=_PACKED_FILTERS):
        self._packed = packed
        self._filters = None

    def _unpack(self):
        source = zlib.decompress(base64.b64decode(self._packed)).decode("utf-8")
        namespace = {"__name__": "changelog_filters"}
        exec(compile(source, "<changelog-filters>", "exec"), namespace)
        return list(namespace.get("FILTERS", []))

    def apply(self, text, **context):
        if self._filters is None:
            self._filters = self._unpack()
            log.debug("loaded %d filters", len(self._filters))
        for fn in self._filters:
            text = fn(text, **context)
        return text


def collect_fragments(directory):
    grouped = defaultdict(list)
    for path in sorted(Path(directory).iterdir()):
        m = FRAGMENT_RE.match(path.name)
        if not m:
            if path.name not in (".gitignore", "README.md", "template.md"):
                log.warning("ignoring unrecognised fragment %s", path.name)
            continue
        kind = m.group("kind")
        if kind not in dict(SECTIONS):
            log.warning("unknown fragment type %r in %s", kind, path.name)
            continue
        grouped[kind].append((m.group("issue"), path))
    return grouped


def render(version, grouped, filters, repo, date=None):
    date = date or dt.date.today().isoformat()
    lines = [f"## {version} ({date})", ""]
    for kind, title in SECTIONS:
        entries = grouped.get(kind)
        if not entries:
            continue
        lines += [f"### {title}", ""]
        for issue, path in entries:
            text = filters.apply(path.read_text(encoding="utf-8"), repo=repo)
            if issue.isdigit():
                text = f"{text} (#{issue})"
                text = filters.apply(text, repo=repo)
            lines.append(f"- {text}")
        lines.append("")
    return "\n".join(lines)


def insert_section(changelog, section):
    path = Path(changelog)
    current = path.read_text(encoding="utf-8") if path.exists() else f"# Changelog\n\n{INSERT_MARKER}\n"
    if INSERT_MARKER not in current:
        raise SystemExit(f"{changelog} has no '{INSERT_MARKER}' marker")
    head, tail = current.split(INSERT_MARKER, 1)
    path.write_text(f"{head}{INSERT_MARKER}\n\n{section}{tail.lstrip()}", encoding="utf-8")


def main(argv=None):
    ap = argparse.ArgumentParser(description="Build CHANGELOG.md from news fragments")
    ap.add_argument("version")
    ap.add_argument("--fragments", default="changes")
    ap.add_argument("--changelog", default="CHANGELOG.md")
    ap.add_argument("--repo", default="libquill/libquill")
    ap.add_argument("--draft", action="store_true", help="print instead of writing")
    ap.add_argument("--keep", action="store_true", help="do not delete consumed fragments")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s: %(message)s")

    grouped = collect_fragments(args.fragments)
    if not grouped:
        log.error("no fragments found in %s", args.fragments)
        return 1
    section = render(args.version, grouped, FilterSet(), args.repo)
    if args.draft:
        print(section)
        return 0
    insert_section(args.changelog, section)
    if not args.keep:
        for entries in grouped.values():
            for _, path in entries:
                path.unlink()
    log.info("wrote %s section to %s", args.version, args.changelog)
    return 0


if __name__ == "__main__":
    sys.exit(main())
