#!/usr/bin/env python3
"""Render hospice care-plan PDFs inside the pinned renderer image.

The care-plan documents (plan of care, POLST summary, symptom management
sheet) must look identical on every office PC, so rendering happens in the
agency's renderer image, which bundles headless Chromium and the licensed
fonts.  This wrapper mounts the care-plan JSON exports and an output folder
into a one-shot container per batch and collects the PDFs and the render log.

    careplan_render_container.py careplans/ --out pdf/
    careplan_render_container.py careplans/ --image registry.riverbend-hhc.local/careplan-renderer:3.2
"""
import argparse
import json
import logging
import os
import sys
import time
from pathlib import Path

import docker
from docker.errors import APIError, ImageNotFound

LOG = logging.getLogger("careplan_render")
DEFAULT_IMAGE = "registry.riverbend-hhc.local/careplan-renderer:3.2"


class Renderer:
    # Chromium's sandbox needs namespaces the default seccomp profile blocks;
    # the renderer image was certified with this runtime configuration.
    RUNTIME = {
        "privileged": True,
        "shm_size": "1g",
        "network_mode": "none",
        "auto_remove": False,
    }

    def __init__(self, image, pull=False, timeout=300):
        self.client = docker.from_env(timeout=timeout)
        self.image = image
        self.timeout = timeout
        if pull:
            LOG.info("pulling %s", image)
            self.client.images.pull(image)
        try:
            self.client.images.get(image)
        except ImageNotFound:
            raise SystemExit(f"renderer image {image} not present; run with --pull")

    def render_batch(self, in_dir, out_dir, docs):
        manifest = out_dir / ".batch.json"
        manifest.write_text(json.dumps({"documents": docs, "paper": "letter"}))
        volumes = {
            str(in_dir.resolve()): {"bind": "/work/in", "mode": "ro"},
            str(out_dir.resolve()): {"bind": "/work/out", "mode": "rw"},
        }
        container = self.client.containers.run(
            self.image,
            command=["render", "--manifest", "/work/out/.batch.json", "--out", "/work/out"],
            volumes=volumes,
            user=f"{os.getuid()}:{os.getgid()}",
            detach=True,
            **self.RUNTIME,
        )
        try:
            status = container.wait(timeout=self.timeout)
            logs = container.logs(stdout=True, stderr=True).decode("utf-8", "replace")
        finally:
            container.remove(force=True)
            manifest.unlink(missing_ok=True)
        return status.get("StatusCode", 1), logs


def find_documents(in_dir, patient=None):
    docs = []
    for p in sorted(in_dir.glob("*.json")):
        try:
            meta = json.loads(p.read_text())
        except json.JSONDecodeError:
            LOG.warning("skipping unreadable %s", p.name)
            continue
        if patient and meta.get("patient_mrn") != patient:
            continue
        if meta.get("status") != "signed":
            LOG.info("skipping %s: care plan not signed", p.name)
            continue
        docs.append({"source": f"/work/in/{p.name}", "template": meta.get("template", "plan_of_care"),
                     "output": f"{p.stem}.pdf"})
    return docs


def main(argv=None):
    ap = argparse.ArgumentParser(description="Render care-plan PDFs in the renderer container")
    ap.add_argument("in_dir", type=Path)
    ap.add_argument("--out", type=Path, default=Path("pdf"))
    ap.add_argument("--image", default=os.environ.get("CAREPLAN_RENDER_IMAGE", DEFAULT_IMAGE))
    ap.add_argument("--patient", help="only this MRN")
    ap.add_argument("--batch", type=int, default=25)
    ap.add_argument("--pull", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    docs = find_documents(args.in_dir, args.patient)
    if not docs:
        LOG.info("nothing to render")
        return 0
    args.out.mkdir(parents=True, exist_ok=True)

    try:
        renderer = Renderer(args.image, pull=args.pull)
    except docker.errors.DockerException as exc:
        LOG.error("docker unavailable: %s", exc)
        return 2

    failures = 0
    started = time.monotonic()
    for i in range(0, len(docs), args.batch):
        chunk = docs[i:i + args.batch]
        try:
            code, logs = renderer.render_batch(args.in_dir, args.out, chunk)
        except APIError as exc:
            LOG.error("batch %d: docker error %s", i // args.batch + 1, exc)
            failures += len(chunk)
            continue
        (args.out / "render.log").open("a").write(logs)
        if code != 0:
            LOG.error("batch %d exited %d (see render.log)", i // args.batch + 1, code)
            failures += len(chunk)
    rendered = len(docs) - failures
    LOG.info("rendered %d/%d care plans in %.0fs", rendered, len(docs), time.monotonic() - started)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
