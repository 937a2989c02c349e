#!/usr/bin/env python3
"""Size huge pages for a llama.cpp / vLLM KV cache and apply the kernel knobs.

Computes the KV-cache footprint for a model config and context length, then
reserves 2 MiB huge pages and adjusts THP/swappiness through procfs/sysfs.
Must be run as root.
"""
import argparse
import json
import logging
import math
import os
import sys
from pathlib import Path

log = logging.getLogger("memtune")

KNOBS = {
    "nr_hugepages": Path("/proc/sys/vm/nr_hugepages"),
    "swappiness": Path("/proc/sys/vm/swappiness"),
    "thp_enabled": Path("/sys/kernel/mm/transparent_hugepage/enabled"),
    "thp_defrag": Path("/sys/kernel/mm/transparent_hugepage/defrag"),
}
HUGEPAGE_BYTES = 2 * 1024 * 1024


def meminfo():
    info = {}
    for line in Path("/proc/meminfo").read_text().splitlines():
        key, value = line.split(":", 1)
        info[key] = int(value.split()[0]) * 1024
    return info


def kv_cache_bytes(cfg, ctx_len, batch, dtype_bytes):
    layers = cfg["num_hidden_layers"]
    kv_heads = cfg.get("num_key_value_heads", cfg["num_attention_heads"])
    head_dim = cfg.get("head_dim", cfg["hidden_size"] // cfg["num_attention_heads"])
    return 2 * layers * kv_heads * head_dim * ctx_len * batch * dtype_bytes


def current(knob):
    text = KNOBS[knob].read_text().strip()
    if "[" in text:  # e.g. "always [madvise] never"
        return text[text.index("[") + 1:text.index("]")]
    return text


def apply(knob, value, dry_run):
    before = current(knob)
    if str(before) == str(value):
        log.info("%-12s already %s", knob, value)
        return
    log.info("%-12s %s -> %s", knob, before, value)
    if not dry_run:
        with open(KNOBS[knob], "w") as fh:
            fh.write(f"{value}\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("config", help="model config.json")
    ap.add_argument("--ctx", type=int, default=32768)
    ap.add_argument("--batch", type=int, default=8)
    ap.add_argument("--dtype-bytes", type=int, default=2)
    ap.add_argument("--headroom", type=float, default=0.15, help="fraction of RAM to keep free")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if os.geteuid() != 0 and not args.dry_run:
        log.error("run as root (or use --dry-run)")
        return 1

    cfg = json.loads(Path(args.config).read_text())
    need = kv_cache_bytes(cfg, args.ctx, args.batch, args.dtype_bytes)
    mem = meminfo()
    budget = int(mem["MemTotal"] * (1 - args.headroom))
    if need > budget:
        log.error("KV cache needs %.1f GiB but only %.1f GiB available", need / 2**30, budget / 2**30)
        return 1
    pages = math.ceil(need / HUGEPAGE_BYTES)
    log.info("KV cache %.2f GiB -> %d huge pages", need / 2**30, pages)

    plan = [("nr_hugepages", pages), ("swappiness", 1),
            ("thp_enabled", "madvise"), ("thp_defrag", "defer+madvise")]
    for knob, value in plan:
        try:
            apply(knob, value, args.dry_run)
        except OSError as exc:
            log.error("could not set %s: %s", knob, exc)
            return 1

    if not args.dry_run:
        got = int(current("nr_hugepages"))
        if got < pages:
            log.warning("kernel only reserved %d/%d pages (fragmented memory?)", got, pages)
    return 0


if __name__ == "__main__":
    sys.exit(main())
