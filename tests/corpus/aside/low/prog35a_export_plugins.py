#!/usr/bin/env python3
"""Export a CSV ledger into several formats using a small plugin registry.

Exporters are registered either with the ``@exporter`` decorator or lazily
resolved from a table of stdlib ``module:attribute`` references, so that
adding a format is a one-line change.
"""
import argparse
import csv
import importlib
import logging
import sys
from pathlib import Path

log = logging.getLogger("exporter")

_REGISTRY = {}

# Lazily resolved helpers: only stdlib modules, fixed at authoring time.
_LAZY_HELPERS = {
    "json": ("json", "dumps"),
    "pretty": ("pprint", "pformat"),
    "html_escape": ("html", "escape"),
    "quote": ("shlex", "quote"),
}


def exporter(name, suffix):
    """Register a function as the exporter for ``name``."""
    def wrap(func):
        if name in _REGISTRY:
            raise ValueError("duplicate exporter %r" % name)
        _REGISTRY[name] = {"func": func, "suffix": suffix}
        return func
    return wrap


def helper(key):
    """Resolve a helper from the lazy table with importlib + getattr."""
    module_name, attr = _LAZY_HELPERS[key]
    module = importlib.import_module(module_name)
    return getattr(module, attr)


@exporter("json", ".json")
def to_json(rows, fields):
    dumps = helper("json")
    return dumps({"fields": fields, "rows": rows}, indent=2, sort_keys=True)


@exporter("html", ".html")
def to_html(rows, fields):
    esc = helper("html_escape")
    head = "".join("<th>%s</th>" % esc(f) for f in fields)
    body = []
    for row in rows:
        cells = "".join("<td>%s</td>" % esc(str(row.get(f, ""))) for f in fields)
        body.append("<tr>%s</tr>" % cells)
    return "<table><thead><tr>%s</tr></thead><tbody>%s</tbody></table>\n" % (
        head, "\n".join(body))


@exporter("markdown", ".md")
def to_markdown(rows, fields):
    lines = ["| " + " | ".join(fields) + " |",
             "|" + "---|" * len(fields)]
    for row in rows:
        lines.append("| " + " | ".join(str(row.get(f, "")) for f in fields) + " |")
    return "\n".join(lines) + "\n"


@exporter("repr", ".txt")
def to_repr(rows, fields):
    return helper("pretty")(rows, width=100) + "\n"


class LedgerExporter:
    def __init__(self, source, out_dir):
        self.source = Path(source)
        self.out_dir = Path(out_dir)

    def load(self):
        with self.source.open(newline="", encoding="utf-8") as fh:
            reader = csv.DictReader(fh)
            rows = [dict(r) for r in reader]
            return rows, list(reader.fieldnames or [])

    def run(self, formats):
        rows, fields = self.load()
        log.info("loaded %d rows with %d fields", len(rows), len(fields))
        self.out_dir.mkdir(parents=True, exist_ok=True)
        written = []
        for fmt in formats:
            entry = _REGISTRY.get(fmt)
            if entry is None:
                log.warning("no exporter for %r (known: %s)", fmt,
                            ", ".join(sorted(_REGISTRY)))
                continue
            target = self.out_dir / (self.source.stem + entry["suffix"])
            target.write_text(entry["func"](rows, fields), encoding="utf-8")
            written.append(target)
            log.info("wrote %s", target)
        return written


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("source", help="CSV file in the project")
    parser.add_argument("-f", "--format", action="append", dest="formats",
                        help="exporter name (repeatable)")
    parser.add_argument("-o", "--out-dir", default="exports")
    parser.add_argument("--list", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.list:
        for name, entry in sorted(_REGISTRY.items()):
            print("%-10s %s" % (name, entry["suffix"]))
        return 0
    try:
        written = LedgerExporter(args.source, args.out_dir).run(
            args.formats or ["json"])
    except (OSError, csv.Error) as exc:
        log.error("export failed: %s", exc)
        return 1
    return 0 if written else 2


if __name__ == "__main__":
    sys.exit(main())
