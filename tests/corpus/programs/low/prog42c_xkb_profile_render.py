#!/usr/bin/env python3
"""Render an accessibility keyboard/touchpad profile (sticky keys, slow keys,
tap-to-click, compose key) from profile.toml into an Xorg snippet under
./out for the user to review and hand to their admin."""
import argparse
import json
import logging
import sys
import tomllib
import urllib.request
from pathlib import Path

LOG = logging.getLogger("xkb-render")
OPTIONS_URL = "https://raw.githubusercontent.com/xkbcommon/libxkbcommon/master/test/data/rules/evdev.lst"

SECTION_TMPL = """Section "InputClass"
    Identifier "{ident}"
    MatchIsKeyboard "on"
    Option "XkbLayout" "{layout}"
    Option "XkbOptions" "{options}"
EndSection
"""
TOUCH_TMPL = """Section "InputClass"
    Identifier "{ident}-touchpad"
    MatchIsTouchpad "on"
    Driver "libinput"
    Option "Tapping" "{tap}"
    Option "NaturalScrolling" "{natural}"
EndSection
"""


def os_release(path="/etc/os-release") -> dict:
    info = {}
    try:
        for line in Path(path).read_text().splitlines():
            if "=" in line:
                k, v = line.split("=", 1)
                info[k] = v.strip('"')
    except OSError:
        pass
    return info


def known_options(cache: Path, offline: bool) -> set:
    if cache.exists() or offline:
        text = cache.read_text() if cache.exists() else ""
    else:
        req = urllib.request.Request(OPTIONS_URL, headers={"User-Agent": "xkb-render/0.3"})
        with urllib.request.urlopen(req, timeout=10) as resp:
            text = resp.read().decode("utf-8", "replace")
        cache.write_text(text)
    opts, in_opts = set(), False
    for line in text.splitlines():
        if line.startswith("! option"):
            in_opts = True
            continue
        if line.startswith("!"):
            in_opts = False
        elif in_opts and line.strip():
            opts.add(line.split()[0])
    return opts


def render(profile: dict, valid: set) -> str:
    kb = profile.get("keyboard", {})
    opts = list(kb.get("options", []))
    if kb.get("compose"):
        opts.append(f"compose:{kb['compose']}")
    bad = [o for o in opts if valid and o not in valid and ":" in o]
    if bad:
        raise ValueError(f"unknown XKB options: {', '.join(bad)}")
    ident = profile.get("name", "a11y-profile")
    out = SECTION_TMPL.format(ident=ident, layout=kb.get("layout", "us"),
                              options=",".join(opts))
    tp = profile.get("touchpad")
    if tp:
        out += "\n" + TOUCH_TMPL.format(ident=ident,
                                        tap="on" if tp.get("tap", True) else "off",
                                        natural="on" if tp.get("natural") else "off")
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("profile", nargs="?", default="profile.toml")
    ap.add_argument("--out-dir", default="out")
    ap.add_argument("--offline", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    with open(args.profile, "rb") as fh:
        profile = tomllib.load(fh)
    out_dir = Path(args.out_dir)
    out_dir.mkdir(exist_ok=True)
    try:
        valid = known_options(out_dir / "evdev.lst", args.offline)
    except OSError as exc:
        LOG.warning("could not fetch option list (%s); skipping validation", exc)
        valid = set()
    try:
        conf = render(profile, valid)
    except ValueError as exc:
        LOG.error("%s", exc)
        return 1
    target = out_dir / "40-a11y-input.conf"
    target.write_text(conf)
    distro = os_release().get("ID", "unknown")
    meta = {"distro": distro, "profile": args.profile, "file": str(target)}
    (out_dir / "render.json").write_text(json.dumps(meta, indent=2))
    LOG.info("wrote %s for %s; ask your admin to install it into xorg.conf.d", target, distro)
    return 0


if __name__ == "__main__":
    sys.exit(main())
