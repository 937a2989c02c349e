#!/usr/bin/env python3
"""Print welder qualification wallet cards and stamp labels.

Turns rows of the QA roster CSV into label jobs and renders them with the
shop's glabels container image (keeps glabels and its fonts off the QA
laptop). Rendered PDFs land in ./labels/out for the Brother printer.
"""
import argparse
import csv
import http.client
import json
import logging
import os
import socket
import sys
import time
from pathlib import Path

log = logging.getLogger("weldlabel")

ENGINE_SOCK = os.environ.get("LABEL_ENGINE_SOCK", "/var/run/docker.sock")
RENDER_IMAGE = os.environ.get("LABEL_IMAGE", "registry.shop.lan/qa/glabels-render:3.4")
TEMPLATE = "wallet_card.glabels"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 60):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self.unix_path)


class RenderEngine:
    def __init__(self, sock_path: str):
        self.sock_path = sock_path

    def _req(self, method: str, path: str, body=None) -> tuple[int, dict | bytes]:
        conn = UnixHTTPConnection(self.sock_path)
        try:
            headers = {"Content-Type": "application/json"} if body is not None else {}
            conn.request(method, "/v1.43" + path, json.dumps(body) if body is not None else None, headers)
            resp = conn.getresponse()
            raw = resp.read()
            if resp.getheader("Content-Type", "").startswith("application/json") and raw:
                return resp.status, json.loads(raw)
            return resp.status, raw
        finally:
            conn.close()

    def ensure_image(self, image: str) -> None:
        status, _ = self._req("GET", f"/images/{image}/json")
        if status == 404:
            repo, _, tag = image.rpartition(":")
            log.info("pulling %s", image)
            self._req("POST", f"/images/create?fromImage={repo}&tag={tag}")

    def render(self, image: str, workdir: Path, args: list[str]) -> int:
        spec = {
            "Image": image,
            "Cmd": args,
            "WorkingDir": "/work",
            "User": f"{os.getuid()}:{os.getgid()}",
            "HostConfig": {"Binds": [f"{workdir.resolve()}:/work"], "AutoRemove": False},
        }
        status, created = self._req("POST", "/containers/create", spec)
        if status != 201:
            raise RuntimeError(f"create failed: {status} {created!r}")
        cid = created["Id"]
        try:
            self._req("POST", f"/containers/{cid}/start")
            _, result = self._req("POST", f"/containers/{cid}/wait")
            code = result.get("StatusCode", 1) if isinstance(result, dict) else 1
            if code:
                _, logs = self._req("GET", f"/containers/{cid}/logs?stdout=1&stderr=1&tail=20")
                log.error("renderer output:\n%s", logs.decode(errors="replace") if isinstance(logs, bytes) else logs)
            return code
        finally:
            self._req("DELETE", f"/containers/{cid}?force=1")


def write_merge_csv(roster: Path, out: Path, stamps: set[str]) -> int:
    n = 0
    with roster.open(newline="", encoding="utf-8-sig") as src, out.open("w", newline="") as dst:
        w = csv.writer(dst)
        w.writerow(["name", "stamp", "process", "position", "wps", "expires"])
        for row in csv.DictReader(src):
            if stamps and row["stamp"] not in stamps:
                continue
            w.writerow([row["name"], row["stamp"], row["process"], row["position"],
                        row.get("wps", ""), row.get("expires", "")])
            n += 1
    return n


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("roster", type=Path)
    ap.add_argument("--stamp", action="append", default=[], help="only these welder stamps")
    ap.add_argument("--workdir", type=Path, default=Path("labels"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    (args.workdir / "out").mkdir(parents=True, exist_ok=True)
    merge = args.workdir / "merge.csv"
    try:
        count = write_merge_csv(args.roster, merge, set(args.stamp))
    except (OSError, KeyError) as exc:
        log.error("roster problem: %s", exc)
        return 2
    if not count:
        log.warning("no matching welders")
        return 0

    engine = RenderEngine(ENGINE_SOCK)
    out_name = f"out/cards_{time.strftime('%Y%m%d_%H%M%S')}.pdf"
    try:
        engine.ensure_image(RENDER_IMAGE)
        code = engine.render(RENDER_IMAGE, args.workdir,
                             ["glabels-3-batch", "-i", "merge.csv", "-o", out_name, TEMPLATE])
    except (OSError, RuntimeError) as exc:
        log.error("render engine unavailable: %s", exc)
        return 1
    if code == 0:
        log.info("%d card(s) rendered to %s", count, args.workdir / out_name)
    return code


if __name__ == "__main__":
    sys.exit(main())
