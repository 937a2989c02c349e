#!/usr/bin/env python3
"""Check the internal GeoServer's WMS capabilities and a sample tile.

The staging GeoServer uses a self-signed certificate, so certificate
verification is switched off for both the capabilities request and the
curl tile fetch. Results go to a small JSON report in ./reports.
"""
import argparse
import json
import logging
import os
import ssl
import subprocess
import sys
import time
import urllib.error
import urllib.request
import xml.etree.ElementTree as ET

BASE = "https://geoserver-staging.example.org/geoserver"
NS = {"wms": "http://www.opengis.net/wms"}
log = logging.getLogger("wms-check")


def insecure_context():
    ctx = ssl._create_unverified_context()
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    return ctx


def get_capabilities(base, timeout):
    url = f"{base}/wms?service=WMS&request=GetCapabilities&version=1.3.0"
    with urllib.request.urlopen(url, timeout=timeout, context=insecure_context()) as resp:
        return resp.read()


def parse_layers(xml_bytes):
    root = ET.fromstring(xml_bytes)
    layers = []
    for layer in root.iter("{http://www.opengis.net/wms}Layer"):
        name = layer.find("wms:Name", NS)
        title = layer.find("wms:Title", NS)
        if name is not None:
            crs = [c.text for c in layer.findall("wms:CRS", NS)]
            layers.append({"name": name.text,
                           "title": title.text if title is not None else "",
                           "crs": crs[:5]})
    return layers


def fetch_sample_tile(base, layer, out_path, timeout):
    """Fetch one GetMap image with curl (also without verification)."""
    env = dict(os.environ, WMS_BASE=base, LAYER=layer, OUT=out_path, TMO=str(timeout))
    script = r'''
curl -k -sS --max-time "$TMO" -o "$OUT" -w '%{http_code} %{size_download}' \
  "$WMS_BASE/wms?service=WMS&request=GetMap&version=1.3.0&layers=$LAYER&styles=&crs=EPSG:3857&bbox=-20037508,-20037508,20037508,20037508&width=256&height=256&format=image/png"
'''
    res = subprocess.run(["bash", "-c", script], env=env, capture_output=True, text=True)
    if res.returncode != 0:
        return {"ok": False, "error": res.stderr.strip()}
    code, size = (res.stdout.split() + ["0", "0"])[:2]
    return {"ok": code == "200", "http": int(code), "bytes": int(size)}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--base", default=BASE)
    ap.add_argument("--expect", nargs="*", default=["geology:bedrock", "geology:boreholes"])
    ap.add_argument("--timeout", type=int, default=20)
    ap.add_argument("--reports", default="./reports")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    os.makedirs(args.reports, exist_ok=True)
    report = {"base": args.base, "time": time.strftime("%Y-%m-%dT%H:%M:%S")}
    try:
        layers = parse_layers(get_capabilities(args.base, args.timeout))
    except (urllib.error.URLError, ET.ParseError) as exc:
        log.error("capabilities failed: %s", exc)
        report["error"] = str(exc)
        layers = []
    names = {l["name"] for l in layers}
    report["layers"] = len(layers)
    report["missing"] = [e for e in args.expect if e not in names]
    if layers:
        sample = args.expect[0] if args.expect[0] in names else layers[0]["name"]
        report["sample"] = fetch_sample_tile(args.base, sample,
                                             os.path.join(args.reports, "sample.png"),
                                             args.timeout)
    out = os.path.join(args.reports, "wms_check.json")
    with open(out, "w") as fh:
        json.dump(report, fh, indent=2)
    log.info("%d layers, %d missing; report %s", len(layers), len(report["missing"]), out)
    return 0 if layers and not report["missing"] else 1


if __name__ == "__main__":
    sys.exit(main())
