#!/usr/bin/env python3
"""Significance summary for an A/B test export, as text or a small HTML page.

    ./ab_test_significance.py variants.csv
    ./ab_test_significance.py variants.csv --experiment checkout_button_v3 --html report.html

variants.csv: variant,users,conversions  (first row is treated as control)

With --experiment the name, hypothesis and planned sample size are looked up
from the experimentation platform and cached locally for a day.
"""
import argparse
import csv
import hashlib
import html
import json
import logging
import math
import os
import sys
import time
from pathlib import Path
from urllib.parse import quote
from urllib.request import Request, urlopen

log = logging.getLogger("ab_sig")

PLATFORM = os.environ.get("EXP_PLATFORM_URL", "https://experiments.internal.example.com/api/v1")
CACHE = Path(".ab_cache")


def norm_cdf(x):
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def two_prop_z(c_users, c_conv, t_users, t_conv):
    p1, p2 = c_conv / c_users, t_conv / t_users
    pooled = (c_conv + t_conv) / (c_users + t_users)
    se = math.sqrt(pooled * (1 - pooled) * (1 / c_users + 1 / t_users))
    if se == 0:
        return 0.0, 1.0
    z = (p2 - p1) / se
    return z, 2 * (1 - norm_cdf(abs(z)))


def lift_ci(c_users, c_conv, t_users, t_conv, z=1.96):
    p1, p2 = c_conv / c_users, t_conv / t_users
    se = math.sqrt(p1 * (1 - p1) / c_users + p2 * (1 - p2) / t_users)
    diff = p2 - p1
    if not p1:
        return float("nan"), float("nan")
    return (diff - z * se) / p1, (diff + z * se) / p1


def read_variants(path):
    with open(path, newline="") as fh:
        rows = [{"variant": r["variant"], "users": int(r["users"]), "conversions": int(r["conversions"])}
                for r in csv.DictReader(fh)]
    if len(rows) < 2:
        raise ValueError("need a control and at least one treatment")
    return rows


def experiment_meta(name, ttl=86400):
    CACHE.mkdir(exist_ok=True)
    key = hashlib.md5(f"{PLATFORM}|{name}".encode()).hexdigest()
    cached = CACHE / f"{key}.json"
    if cached.exists() and time.time() - cached.stat().st_mtime < ttl:
        return json.loads(cached.read_text())
    req = Request(f"{PLATFORM}/experiments/{quote(name)}", headers={"Accept": "application/json"})
    try:
        with urlopen(req, timeout=10) as resp:
            meta = json.load(resp)
    except OSError as exc:
        log.warning("could not fetch metadata for %s: %s", name, exc)
        return {}
    cached.write_text(json.dumps(meta))
    return meta


def analyse(rows, alpha):
    control = rows[0]
    out = []
    for t in rows[1:]:
        z, p = two_prop_z(control["users"], control["conversions"], t["users"], t["conversions"])
        lo, hi = lift_ci(control["users"], control["conversions"], t["users"], t["conversions"])
        out.append({"variant": t["variant"], "cr": t["conversions"] / t["users"],
                    "control_cr": control["conversions"] / control["users"],
                    "z": z, "p": p, "ci": (lo, hi), "significant": p < alpha})
    return out


def render_text(results, meta):
    if meta:
        print(f"{meta.get('name', '')}: {meta.get('hypothesis', '')}")
    for r in results:
        flag = "*" if r["significant"] else " "
        lo, hi = r["ci"]
        print(f"{flag} {r['variant']:<12} cr={r['cr']:.3%} vs {r['control_cr']:.3%}  "
              f"z={r['z']:+.2f} p={r['p']:.4f}  lift CI [{lo:+.1%}, {hi:+.1%}]")


def render_html(results, meta, path):
    rows = "".join(
        f"<tr><td>{html.escape(r['variant'])}</td><td>{r['cr']:.3%}</td><td>{r['p']:.4f}</td>"
        f"<td>{'yes' if r['significant'] else 'no'}</td></tr>" for r in results)
    title = html.escape(meta.get("name", "A/B test"))
    path.write_text(f"<html><head><title>{title}</title></head><body><h1>{title}</h1>"
                    f"<p>{html.escape(meta.get('hypothesis', ''))}</p><table>"
                    f"<tr><th>variant</th><th>cr</th><th>p</th><th>significant</th></tr>{rows}"
                    f"</table></body></html>")
    os.chmod(path, 0o600)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("csv_file")
    ap.add_argument("--experiment")
    ap.add_argument("--alpha", type=float, default=0.05)
    ap.add_argument("--html", type=Path)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        rows = read_variants(args.csv_file)
    except (OSError, KeyError, ValueError) as exc:
        log.error("bad input: %s", exc)
        return 2
    meta = experiment_meta(args.experiment) if args.experiment else {}
    results = analyse(rows, args.alpha)
    render_text(results, meta)
    if args.html:
        render_html(results, meta, args.html)
        log.info("wrote %s", args.html)
    return 0


if __name__ == "__main__":
    sys.exit(main())
