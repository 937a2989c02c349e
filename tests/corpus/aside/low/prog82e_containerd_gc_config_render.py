#!/usr/bin/env python3
"""Render a containerd config with GC scheduler thresholds sized for a disk.

Small-disk edge nodes kept filling /var/lib/containerd because the GC
scheduler defaults are tuned for big hosts.  This takes the current config
(a copy pulled from the node, or the node's own file read-only), computes
thresholds from the snapshotter volume size and writes the patched config
into ./rendered/ for review; the config-management repo picks it up from
there in the usual merge request.
"""
import argparse
import difflib
import logging
import shutil
import sys
from pathlib import Path

try:
    import tomllib
except ImportError:  # py<3.11
    import tomli as tomllib

log = logging.getLogger("gc-render")

GC_TABLE = '[plugins."io.containerd.gc.v1.scheduler"]'


def thresholds(total_bytes):
    gib = total_bytes / 2**30
    if gib < 40:
        return {"pause_threshold": 0.05, "deletion_threshold": 0, "mutation_threshold": 50,
                "schedule_delay": "0s", "startup_delay": "100ms"}
    if gib < 200:
        return {"pause_threshold": 0.02, "deletion_threshold": 0, "mutation_threshold": 100,
                "schedule_delay": "0s", "startup_delay": "100ms"}
    return {"pause_threshold": 0.02, "deletion_threshold": 0, "mutation_threshold": 100,
            "schedule_delay": "5s", "startup_delay": "1s"}


def render_table(values):
    lines = [GC_TABLE]
    for key, val in values.items():
        lines.append(f'  {key} = "{val}"' if isinstance(val, str) else f"  {key} = {val}")
    return lines


def patch_text(text, values):
    """Replace (or append) the gc scheduler table, leave everything else alone."""
    out, skipping, replaced = [], False, False
    for line in text.splitlines():
        stripped = line.strip()
        if stripped == GC_TABLE:
            out.extend(render_table(values))
            skipping, replaced = True, True
            continue
        if skipping and stripped.startswith("["):
            skipping = False
        if not skipping:
            out.append(line)
    if not replaced:
        out.append("")
        out.extend(render_table(values))
    return "\n".join(out) + "\n"


def parse_size(spec):
    units = {"g": 2**30, "t": 2**40, "m": 2**20}
    spec = spec.strip().lower().rstrip("ib")
    if spec[-1] in units:
        return int(float(spec[:-1]) * units[spec[-1]])
    return int(spec)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", type=Path, default=Path("containerd-config.toml"),
                    help="config to start from (default: ./containerd-config.toml)")
    ap.add_argument("--disk-size", help="volume size, e.g. 80G; default: measure --state-dir")
    ap.add_argument("--state-dir", type=Path, default=Path("/var/lib/containerd"))
    ap.add_argument("--out-dir", type=Path, default=Path("rendered"))
    ap.add_argument("--show-diff", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        text = args.config.read_text()
        tomllib.loads(text)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        log.error("cannot read %s: %s", args.config, exc)
        return 2

    try:
        total = parse_size(args.disk_size) if args.disk_size else shutil.disk_usage(args.state_dir).total
    except (OSError, ValueError) as exc:
        log.error("cannot determine disk size: %s", exc)
        return 2

    values = thresholds(total)
    new_text = patch_text(text, values)
    tomllib.loads(new_text)

    args.out_dir.mkdir(parents=True, exist_ok=True)
    target = args.out_dir / "config.toml"
    target.write_text(new_text)
    log.info("rendered %s for %.0f GiB volume", target, total / 2**30)

    if args.show_diff:
        sys.stdout.writelines(difflib.unified_diff(text.splitlines(True), new_text.splitlines(True),
                                                   str(args.config), str(target)))
    if new_text == text:
        log.info("no change needed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
