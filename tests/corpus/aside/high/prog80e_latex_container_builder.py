#!/usr/bin/env python3
"""Compile author-submitted LaTeX sources into review PDFs inside TeX Live containers.

Each job is a directory under jobs/ containing the unpacked submission and a
job.json with at least {"main": "paper.tex"}. Results go to output/<job>.pdf
and output/<job>.json. Talks to the local container engine directly so the
worker image does not need the docker CLI installed.

    prog80e_latex_container_builder.py --jobs jobs --out output --image texlive/texlive:latest
"""
import argparse
import http.client
import json
import logging
import os
import shutil
import socket
import sys
import time
from dataclasses import dataclass, asdict
from pathlib import Path

ENGINE_SOCKET = os.environ.get("CONTAINER_ENGINE_SOCK", "/var/run/docker.sock")
API_VERSION = "v1.43"

log = logging.getLogger("latex_container")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


@dataclass
class JobResult:
    job: str
    ok: bool
    image: str
    seconds: float = 0.0
    log_tail: str = ""
    pdf: str = ""


class ContainerEngine:
    def __init__(self, image, timeout=300, sock=ENGINE_SOCKET):
        self.image = image
        self.timeout = timeout
        self.sock = sock

    def _call(self, method, path, body=None, timeout=60):
        conn = UnixHTTPConnection(self.sock, timeout=timeout)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, f"/{API_VERSION}{path}",
                     body=json.dumps(body) if body is not None else None, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return data

    def ensure_image(self):
        try:
            self._call("GET", f"/images/{self.image}/json")
        except RuntimeError:
            repo, _, tag = self.image.partition(":")
            log.info("pulling %s", self.image)
            self._call("POST", f"/images/create?fromImage={repo}&tag={tag or 'latest'}", timeout=1800)

    def compile(self, workdir: Path, main_tex: str):
        spec = {
            "Image": self.image,
            "Cmd": ["latexmk", "-pdf", "-interaction=nonstopmode", "-halt-on-error", main_tex],
            "WorkingDir": "/work",
            "User": f"{os.getuid()}:{os.getgid()}",
            "NetworkDisabled": True,
            "HostConfig": {"Binds": [f"{workdir.resolve()}:/work:rw"], "Memory": 2 << 30,
                           "PidsLimit": 256, "AutoRemove": False},
        }
        cid = json.loads(self._call("POST", "/containers/create", spec))["Id"]
        try:
            self._call("POST", f"/containers/{cid}/start")
            waited = json.loads(self._call("POST", f"/containers/{cid}/wait", timeout=self.timeout))
            logs = self._call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1&tail=60")
            return waited.get("StatusCode", 1), logs.decode("utf-8", "replace")
        finally:
            try:
                self._call("DELETE", f"/containers/{cid}?force=1")
            except RuntimeError as exc:
                log.warning("cleanup of %s failed: %s", cid[:12], exc)


def load_job(job_dir: Path):
    spec_path = job_dir / "job.json"
    spec = json.loads(spec_path.read_text()) if spec_path.exists() else {}
    main = spec.get("main") or next((p.name for p in job_dir.glob("*.tex")), None)
    if not main or "/" in main:
        raise ValueError(f"bad main file {main!r}")
    return spec, main


def run_job(engine: ContainerEngine, job_dir: Path, out_dir: Path) -> JobResult:
    started = time.monotonic()
    res = JobResult(job=job_dir.name, ok=False, image=engine.image)
    try:
        _, main = load_job(job_dir)
        rc, output = engine.compile(job_dir, main)
        res.log_tail = "\n".join(output.splitlines()[-40:])
        pdf = job_dir / (Path(main).stem + ".pdf")
        if rc == 0 and pdf.exists():
            shutil.copy2(pdf, out_dir / f"{job_dir.name}.pdf")
            res.ok, res.pdf = True, str(out_dir / f"{job_dir.name}.pdf")
    except (ValueError, OSError, RuntimeError, socket.timeout) as exc:
        res.log_tail = str(exc)
    res.seconds = round(time.monotonic() - started, 2)
    (out_dir / f"{job_dir.name}.json").write_text(json.dumps(asdict(res), indent=2))
    return res


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--jobs", default="jobs")
    p.add_argument("--out", default="output")
    p.add_argument("--image", default="texlive/texlive:latest")
    p.add_argument("--timeout", type=int, default=300)
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    out_dir = Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)
    engine = ContainerEngine(args.image, args.timeout)
    try:
        engine.ensure_image()
    except (OSError, RuntimeError) as exc:
        log.error("container engine unavailable: %s", exc)
        return 2

    failures = 0
    for job_dir in sorted(d for d in Path(args.jobs).iterdir() if d.is_dir()):
        res = run_job(engine, job_dir, out_dir)
        log.info("%s: %s (%.1fs)", res.job, "ok" if res.ok else "FAILED", res.seconds)
        failures += not res.ok
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
