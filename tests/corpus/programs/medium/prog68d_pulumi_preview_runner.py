#!/usr/bin/env python3
"""CI wrapper around `pulumi preview` for pull requests.

Selects the stack, applies config values from a plain key=value file, runs
a preview with JSON output and writes a markdown change summary that the
pipeline posts as a PR comment.

    pulumi_preview_runner.py --stack org/network/prod --config-file prod.env
"""
import argparse
import json
import logging
import shutil
import subprocess
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

LOG = logging.getLogger("pulumi-preview")

OP_ICONS = {"create": "+", "update": "~", "delete": "-", "replace": "+-", "same": " "}


def pulumi(*args, cwd=None):
    cmd = ["pulumi", "--non-interactive", *args]
    LOG.debug("exec: %s", " ".join(cmd))
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, check=False)


def read_config_file(path):
    values = {}
    for lineno, line in enumerate(Path(path).read_text().splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if "=" not in line:
            LOG.warning("%s:%d: not key=value, skipped", path, lineno)
            continue
        key, value = line.split("=", 1)
        values[key.strip()] = value.strip()
    return values


def apply_config(stack, values, secret_prefixes, cwd):
    for key, value in values.items():
        flags = ["--secret"] if key.split(":")[-1].startswith(tuple(secret_prefixes)) else []
        res = pulumi("config", "set", "--stack", stack, *flags, key, value, cwd=cwd)
        if res.returncode != 0:
            raise RuntimeError(f"config set {key}: {res.stderr.strip()}")


def parse_preview(text):
    """pulumi preview --json prints one document with a `steps` list."""
    try:
        doc = json.loads(text)
    except json.JSONDecodeError:
        LOG.warning("preview output was not JSON")
        return Counter(), {}
    ops = Counter()
    by_type = defaultdict(list)
    for step in doc.get("steps", []):
        op = step.get("op", "unknown")
        ops[op] += 1
        if op != "same":
            urn = step.get("urn", "")
            by_type[op].append(urn.rsplit("::", 1)[-1])
    return ops, by_type


def render_markdown(stack, ops, by_type, elapsed):
    lines = [f"### Pulumi preview: `{stack}`", ""]
    if not by_type:
        lines.append("No changes.")
    else:
        lines.append("| op | count |")
        lines.append("|----|-------|")
        for op, count in sorted(ops.items()):
            lines.append(f"| {op} | {count} |")
        lines.append("")
        lines.append("```diff")
        for op, names in sorted(by_type.items()):
            for name in sorted(names):
                lines.append(f"{OP_ICONS.get(op, '?')} {name}")
        lines.append("```")
    lines.append("")
    lines.append(f"_preview took {elapsed:.0f}s_")
    return "\n".join(lines) + "\n"


def main(argv=None):
    ap = argparse.ArgumentParser(description="run pulumi preview for a stack in CI")
    ap.add_argument("--stack", required=True)
    ap.add_argument("--cwd", default=".")
    ap.add_argument("--config-file")
    ap.add_argument("--secret-prefix", action="append", default=["password", "token", "key"])
    ap.add_argument("--out", default="preview-summary.md")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if shutil.which("pulumi") is None:
        LOG.error("pulumi CLI not found on PATH")
        return 127

    sel = pulumi("stack", "select", args.stack, cwd=args.cwd)
    if sel.returncode != 0:
        LOG.error("cannot select stack %s: %s", args.stack, sel.stderr.strip())
        return 2

    if args.config_file:
        try:
            apply_config(args.stack, read_config_file(args.config_file), args.secret_prefix, args.cwd)
        except (OSError, RuntimeError) as exc:
            LOG.error("config: %s", exc)
            return 2

    started = time.monotonic()
    res = pulumi("preview", "--json", "--stack", args.stack, cwd=args.cwd)
    elapsed = time.monotonic() - started
    if res.returncode != 0:
        sys.stderr.write(res.stderr)
        return res.returncode

    ops, by_type = parse_preview(res.stdout)
    Path(args.out).write_text(render_markdown(args.stack, ops, by_type, elapsed))
    LOG.info("wrote %s (%s)", args.out,
             ", ".join(f"{k}={v}" for k, v in sorted(ops.items())) or "no changes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
