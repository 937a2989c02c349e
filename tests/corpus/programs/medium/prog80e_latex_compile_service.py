#!/usr/bin/env python3
"""Compile author-submitted LaTeX sources into review PDFs.

Each job is a directory under jobs/ containing the unpacked submission and a
job.json with at least {"main": "paper.tex"}. Results go to output/<job>.pdf
and output/<job>.json (status, log tail, page count hint).

    prog80e_latex_compile_service.py --jobs jobs --out output --workers 2
"""
import argparse
import json
import logging
import os
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, asdict
from pathlib import Path

log = logging.getLogger("latex_compile")


@dataclass
class JobResult:
    job: str
    ok: bool
    engine: str
    seconds: float = 0.0
    log_tail: str = ""
    pdf: str = ""


class LocalEngine:
    """Runs latexmk from the host TeX installation."""

    def __init__(self, engine="pdflatex", timeout=300):
        self.engine = engine
        self.timeout = timeout
        self.latexmk = shutil.which("latexmk")
        if not self.latexmk:
            raise RuntimeError("latexmk not found on PATH")

    def build_command(self, main_tex):
        flag = {"pdflatex": "-pdf", "xelatex": "-xelatex", "lualatex": "-lualatex"}[self.engine]
        return [self.latexmk, flag, "-interaction=nonstopmode", "-halt-on-error",
                "-file-line-error", main_tex]

    def compile(self, workdir: Path, main_tex: str):
        env = dict(os.environ, TEXMFOUTPUT=str(workdir), openout_any="p")
        proc = subprocess.run(self.build_command(main_tex), cwd=workdir, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              timeout=self.timeout, check=False)
        return proc.returncode, proc.stdout.decode("utf-8", "replace")

    def clean(self, workdir: Path, main_tex: str):
        subprocess.run([self.latexmk, "-c", main_tex], cwd=workdir,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)


def load_job(job_dir: Path):
    spec_path = job_dir / "job.json"
    spec = json.loads(spec_path.read_text()) if spec_path.exists() else {}
    main = spec.get("main")
    if not main:
        candidates = [p.name for p in job_dir.glob("*.tex")
                      if "\\documentclass" in p.read_text(errors="ignore")]
        if len(candidates) != 1:
            raise ValueError(f"cannot pick main file from {candidates}")
        main = candidates[0]
    if "/" in main or main.startswith("."):
        raise ValueError(f"suspicious main file name {main!r}")
    return spec, main


def run_job(engine: LocalEngine, job_dir: Path, out_dir: Path) -> JobResult:
    import time
    started = time.monotonic()
    res = JobResult(job=job_dir.name, ok=False, engine=engine.engine)
    try:
        spec, main = load_job(job_dir)
        rc, output = engine.compile(job_dir, main)
        res.log_tail = "\n".join(output.splitlines()[-40:])
        pdf = job_dir / (Path(main).stem + ".pdf")
        if rc == 0 and pdf.exists():
            target = out_dir / f"{job_dir.name}.pdf"
            shutil.copy2(pdf, target)
            res.ok, res.pdf = True, str(target)
        engine.clean(job_dir, main)
    except subprocess.TimeoutExpired:
        res.log_tail = f"timed out after {engine.timeout}s"
    except (ValueError, OSError) as exc:
        res.log_tail = str(exc)
    res.seconds = round(time.monotonic() - started, 2)
    (out_dir / f"{job_dir.name}.json").write_text(json.dumps(asdict(res), indent=2))
    return res


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--jobs", default="jobs")
    p.add_argument("--out", default="output")
    p.add_argument("--engine", default="pdflatex", choices=["pdflatex", "xelatex", "lualatex"])
    p.add_argument("--timeout", type=int, default=300)
    p.add_argument("--workers", type=int, default=2)
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    out_dir = Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)
    try:
        engine = LocalEngine(args.engine, args.timeout)
    except RuntimeError as exc:
        log.error("%s", exc)
        return 2

    job_dirs = sorted(d for d in Path(args.jobs).iterdir() if d.is_dir())
    failures = 0
    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        futures = {pool.submit(run_job, engine, d, out_dir): d for d in job_dirs}
        for fut in as_completed(futures):
            res = fut.result()
            log.info("%s: %s (%.1fs)", res.job, "ok" if res.ok else "FAILED", res.seconds)
            failures += not res.ok
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
