#!/usr/bin/env python3
"""Build static HTML rack elevations from an inventory snapshot.

Reads inventory/<site>/racks.json and devices_by_rack.json (as written by the
NetBox pull) and writes one page per rack plus an index into
elevations/<site>/. Pages are only rebuilt when the rack's inventory changed,
keyed by a digest of its device list.
"""
import argparse
import hashlib
import html
import json
import logging
import sys
from pathlib import Path
from string import Template

log = logging.getLogger("elevations")

PAGE = Template("""<!doctype html>
<html><head><meta charset="utf-8"><title>$title</title>
<style>
 table{border-collapse:collapse;font:12px monospace}
 td{border:1px solid #999;padding:2px 6px;height:14px}
 td.u{color:#777;text-align:right;width:2em}
 td.dev{background:#cfe3ff} td.empty{background:#fafafa}
</style></head><body>
<h2>$title</h2><p>$summary</p>
<table>$rows</table>
<p><a href="index.html">all racks</a></p>
</body></html>
""")


def cache_key(devices: list) -> str:
    blob = json.dumps(devices, sort_keys=True).encode()
    return hashlib.md5(blob).hexdigest()


def occupancy(rack: dict, devices: list):
    """Map each U to the device occupying it (top U first)."""
    height = int(rack.get("u_height") or 42)
    slots = {u: None for u in range(height, 0, -1)}
    for dev in devices:
        pos = dev.get("position")
        if pos is None:
            continue
        span = int(dev.get("u_height") or 1)
        for u in range(int(pos), int(pos) + span):
            if u in slots:
                slots[u] = dev
    return slots


def render_rack(site: str, rack: dict, devices: list) -> str:
    slots = occupancy(rack, devices)
    used = sum(1 for d in slots.values() if d)
    rows, last = [], None
    for u, dev in slots.items():
        if dev is not None and dev is last:
            rows.append(f'<tr><td class="u">{u}</td><td class="dev"></td></tr>')
            continue
        last = dev
        if dev is None:
            rows.append(f'<tr><td class="u">{u}</td><td class="empty"></td></tr>')
        else:
            label = f"{dev.get('name') or '?'} ({dev.get('type') or 'unknown'}) {dev.get('tenant') or ''}"
            rows.append(f'<tr><td class="u">{u}</td><td class="dev">{html.escape(label)}</td></tr>')
    return PAGE.substitute(
        title=html.escape(f"{site} / {rack['name']}"),
        summary=html.escape(f"{used}/{len(slots)} U used, tenant {rack.get('tenant') or 'house'}"),
        rows="\n".join(rows),
    )


def build(site: str, src: Path, dest: Path, force: bool) -> int:
    racks = json.loads((src / "racks.json").read_text())
    by_rack = json.loads((src / "devices_by_rack.json").read_text())
    dest.mkdir(parents=True, exist_ok=True)
    keys_file = dest / ".keys.json"
    keys = json.loads(keys_file.read_text()) if keys_file.exists() and not force else {}

    built, wanted = 0, set()
    for rack in sorted(racks, key=lambda r: r["name"]):
        devices = by_rack.get(rack["name"], [])
        page = dest / f"{rack['name']}.html"
        wanted.add(page.name)
        key = cache_key(devices)
        if keys.get(rack["name"]) == key and page.exists():
            continue
        page.write_text(render_rack(site, rack, devices), encoding="utf-8")
        keys[rack["name"]] = key
        built += 1

    for stale in dest.glob("*.html"):
        if stale.name not in wanted and stale.name != "index.html":
            stale.unlink()
            log.info("removed stale page %s", stale.name)

    links = "\n".join(f'<li><a href="{html.escape(n)}">{html.escape(n[:-5])}</a></li>'
                      for n in sorted(wanted))
    (dest / "index.html").write_text(
        f"<!doctype html><meta charset='utf-8'><h2>{html.escape(site)}</h2><ul>{links}</ul>\n",
        encoding="utf-8")
    keys_file.write_text(json.dumps(keys, indent=1, sort_keys=True))
    return built


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("site")
    ap.add_argument("--inventory", type=Path, default=Path("inventory"))
    ap.add_argument("--out", type=Path, default=Path("elevations"))
    ap.add_argument("--force", action="store_true", help="rebuild every page")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    src = args.inventory / args.site
    try:
        built = build(args.site, src, args.out / args.site, args.force)
    except FileNotFoundError as exc:
        log.error("missing inventory file: %s (run the NetBox pull first)", exc.filename)
        return 1
    except (json.JSONDecodeError, KeyError) as exc:
        log.error("inventory for %s is malformed: %s", args.site, exc)
        return 1
    log.info("%s: rebuilt %d rack pages", args.site, built)
    return 0


if __name__ == "__main__":
    sys.exit(main())
