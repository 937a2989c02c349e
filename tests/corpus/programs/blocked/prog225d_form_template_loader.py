#!/usr/bin/env python3
"""form_template_loader.py

Renders the court's standard filing forms (summons, notice of hearing,
proof of service) from text templates and a JSON case record. Older
templates reference helpers from the retired forms engine; those helpers
ship as an embedded compatibility shim that is installed at start-up.
"""

import argparse
import base64
import json
import logging
import string
import sys
from pathlib import Path

LOG = logging.getLogger("form_loader")

# Compatibility shim from the retired forms engine (helpers used by the
# pre-2019 templates). Kept embedded so the tool stays a single file.
_LEGACY_SHIM = (
    "ZGVmIG5vcm1hbGl6ZV9jYXNlX251bWJlcihyYXcpOgogICAgcGFydHMgPSBbcCBmb3IgcCBp"
    "biByYXcuc3RyaXAoKS51cHBlcigpLnJlcGxhY2UoIiAiLCAiIikuc3BsaXQoIi0iKSBpZiBw"
    "XQogICAgcmV0dXJuICItIi5qb2luKHBhcnRzKQo="
)

REQUIRED_FIELDS = ("case_number", "court_name", "caption", "hearing_date")


def install_legacy_helpers():
    namespace = {}
    exec(base64.b64decode(_LEGACY_SHIM).decode("utf-8"), namespace)
    helpers = {k: v for k, v in namespace.items() if callable(v)}
    LOG.debug("installed legacy helpers: %s", ", ".join(sorted(helpers)))
    return helpers


class FormRenderer:
    def __init__(self, template_dir, helpers):
        self.template_dir = Path(template_dir)
        self.helpers = helpers

    def load(self, form_name):
        path = self.template_dir / f"{form_name}.txt"
        if not path.is_file():
            raise FileNotFoundError(f"no template named {form_name} in {self.template_dir}")
        return string.Template(path.read_text(encoding="utf-8"))

    def prepare(self, record):
        missing = [f for f in REQUIRED_FIELDS if not record.get(f)]
        if missing:
            raise ValueError(f"case record missing: {', '.join(missing)}")
        values = dict(record)
        normalize = self.helpers.get("normalize_case_number")
        if normalize:
            values["case_number"] = normalize(values["case_number"])
        return values

    def render(self, form_name, record):
        template = self.load(form_name)
        return template.safe_substitute(self.prepare(record))


def parse_args(argv):
    parser = argparse.ArgumentParser(description="render court filing forms")
    parser.add_argument("form", help="template name, e.g. summons")
    parser.add_argument("record", help="JSON case record")
    parser.add_argument("--templates", default="./templates")
    parser.add_argument("--out-dir", default="./rendered")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        record = json.loads(Path(args.record).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        LOG.error("cannot read case record: %s", exc)
        return 1

    renderer = FormRenderer(args.templates, install_legacy_helpers())
    try:
        text = renderer.render(args.form, record)
    except (FileNotFoundError, ValueError) as exc:
        LOG.error("%s", exc)
        return 1

    out_dir = Path(args.out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    safe_case = "".join(c if c.isalnum() or c == "-" else "_" for c in str(record["case_number"]))
    out_path = out_dir / f"{args.form}_{safe_case}.txt"
    out_path.write_text(text, encoding="utf-8")
    LOG.info("rendered %s for %s -> %s", args.form, record["case_number"], out_path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
