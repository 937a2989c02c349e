#!/usr/bin/env python3
"""Jar label spooler for the packing room.

Watches a spool folder for JSON label jobs (one per batch of jars), renders
the ZPL template for the jar size with Jinja2 and sends the result to the
Zebra printer over raw TCP 9100.

Config: label_spooler.yaml in the working directory, e.g.

    printer: {host: 192.168.10.40, port: 9100}
    spool_dir: spool
    templates: templates
    sizes: {"250": jar_250g.zpl.j2, "454": jar_1lb.zpl.j2}
"""
import argparse
import json
import logging
import shutil
import socket
import time
from pathlib import Path

import yaml
from jinja2 import Environment, FileSystemLoader

log = logging.getLogger("label-spooler")

DEFAULT_CONFIG = {
    "printer": {"host": "192.168.10.40", "port": 9100},
    "spool_dir": "spool",
    "templates": "templates",
    "sizes": {"250": "jar_250g.zpl.j2", "454": "jar_1lb.zpl.j2"},
}


class LabelJob:
    FIELDS = ("product", "batch", "weight_g", "best_before", "origin", "barcode")

    def __init__(self, path):
        self.path = Path(path)
        data = json.loads(self.path.read_text())
        self.copies = int(data.pop("copies", 1))
        self.size = str(data.get("weight_g", "250"))
        self.fields = {k: data.get(k, "") for k in self.FIELDS}
        self.fields["allergens"] = data.get("allergens", [])


class Renderer:
    def __init__(self, template_dir, sizes):
        self.env = Environment(loader=FileSystemLoader(template_dir),
                               trim_blocks=True, lstrip_blocks=True)
        self.env.filters["zpl_text"] = lambda s: str(s).replace("^", "").replace("~", "")
        self.sizes = sizes

    def render(self, job):
        name = self.sizes.get(job.size)
        if name is None:
            raise KeyError(f"no template for {job.size} g jars")
        tpl = self.env.get_template(name)
        return "".join(tpl.render(**job.fields) for _ in range(job.copies))


class Printer:
    def __init__(self, host, port):
        self.host, self.port = host, int(port)

    def send(self, zpl):
        with socket.create_connection((self.host, self.port), timeout=10) as conn:
            conn.sendall(zpl.encode("utf-8"))


def load_config(path):
    cfg = dict(DEFAULT_CONFIG)
    p = Path(path)
    if p.exists():
        with p.open() as fh:
            cfg.update(yaml.load(fh, Loader=yaml.Loader) or {})
    return cfg


def process_spool(cfg, renderer, printer):
    spool = Path(cfg["spool_dir"])
    done = spool / "done"
    done.mkdir(parents=True, exist_ok=True)
    for job_file in sorted(spool.glob("*.json")):
        try:
            job = LabelJob(job_file)
            printer.send(renderer.render(job))
            log.info("printed %s x%d (batch %s)", job.fields["product"],
                     job.copies, job.fields["batch"])
            shutil.move(str(job_file), done / job_file.name)
        except (ValueError, KeyError) as exc:
            log.error("bad job %s: %s", job_file.name, exc)
            job_file.rename(job_file.with_suffix(".bad"))
        except OSError as exc:
            log.warning("printer not reachable (%s), retrying later", exc)
            break


def main():
    ap = argparse.ArgumentParser(description="Jar label spooler")
    ap.add_argument("--config", default="label_spooler.yaml")
    ap.add_argument("--interval", type=float, default=3.0)
    ap.add_argument("--once", action="store_true", help="drain the spool and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(message)s")

    cfg = load_config(args.config)
    renderer = Renderer(cfg["templates"], cfg["sizes"])
    printer = Printer(cfg["printer"]["host"], cfg["printer"]["port"])

    log.info("watching %s", cfg["spool_dir"])
    while True:
        process_spool(cfg, renderer, printer)
        if args.once:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        pass
