#!/usr/bin/env python3
"""Inventory local container images for the SBOM backlog.

Talks to the Docker Engine API directly (no docker CLI or SDK in the CI
image) and lists every local image with its base-image labels, layer count
and whether an SBOM attestation label is present.
"""
import argparse
import csv
import http.client
import json
import logging
import socket
import sys
import urllib.parse

LOG = logging.getLogger("layer-inventory")
DEFAULT_SOCK = "/var/run/docker.sock"
SBOM_LABELS = ("org.opencontainers.image.sbom", "io.buildpacks.sbom", "dev.sigstore.sbom")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, sock_path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = sock_path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path, api="v1.43"):
        self.sock_path, self.api = sock_path, api

    def get(self, path, **params):
        conn = UnixHTTPConnection(self.sock_path)
        query = ("?" + urllib.parse.urlencode(params)) if params else ""
        conn.request("GET", f"/{self.api}{path}{query}")
        resp = conn.getresponse()
        body = resp.read()
        conn.close()
        if resp.status != 200:
            raise RuntimeError(f"{path}: HTTP {resp.status} {body[:200]!r}")
        return json.loads(body)

    def images(self):
        return self.get("/images/json", all="false")

    def inspect(self, image_id):
        return self.get(f"/images/{urllib.parse.quote(image_id, safe='')}/json")

    def history(self, image_id):
        return self.get(f"/images/{urllib.parse.quote(image_id, safe='')}/history")


def describe(engine, summary):
    detail = engine.inspect(summary["Id"])
    labels = (detail.get("Config") or {}).get("Labels") or {}
    layers = detail.get("RootFS", {}).get("Layers", [])
    created_by = [h.get("CreatedBy", "")[:60] for h in engine.history(summary["Id"])][:3]
    return {
        "id": summary["Id"].split(":", 1)[-1][:12],
        "tags": " ".join(summary.get("RepoTags") or ["<none>"]),
        "base": labels.get("org.opencontainers.image.base.name", ""),
        "layers": len(layers),
        "size_mb": round(summary.get("Size", 0) / 1e6, 1),
        "has_sbom": any(k in labels for k in SBOM_LABELS),
        "top_history": " | ".join(created_by),
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--socket", default=DEFAULT_SOCK)
    ap.add_argument("--out", default="image-inventory.csv")
    ap.add_argument("--missing-only", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    engine = Engine(args.socket)
    try:
        summaries = engine.images()
    except (OSError, RuntimeError) as exc:
        LOG.error("cannot reach engine at %s: %s", args.socket, exc)
        return 2
    rows = []
    for s in summaries:
        try:
            row = describe(engine, s)
        except RuntimeError as exc:
            LOG.warning("skip %s: %s", s.get("Id"), exc)
            continue
        if args.missing_only and row["has_sbom"]:
            continue
        rows.append(row)
    with open(args.out, "w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rows[0]) if rows else ["id"])
        writer.writeheader()
        writer.writerows(rows)
    LOG.info("%d images, %d without SBOM -> %s", len(rows),
             sum(not r["has_sbom"] for r in rows), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
