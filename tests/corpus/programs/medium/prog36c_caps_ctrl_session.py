#!/usr/bin/env python3
"""capsctl: make Caps Lock an extra Control (or Escape) for terminal work.

Applies the remap to the *current* desktop session only, using the
tools that already exist in user space:

  * X11:      setxkbmap -option ctrl:nocaps
  * GNOME:    gsettings org.gnome.desktop.input-sources xkb-options
  * Console:  prints the loadkeys line you'd need (not applied)

Run it from your terminal; undo with ``capsctl --reset``.
"""
import argparse
import ast
import logging
import os
import shutil
import subprocess
import sys

LOG = logging.getLogger("capsctl")

MODES = {
    "ctrl": "ctrl:nocaps",
    "swap": "ctrl:swapcaps",
    "escape": "caps:escape",
    "ctrl-esc": "caps:ctrl_modifier",
}
GNOME_SCHEMA = "org.gnome.desktop.input-sources"
GNOME_KEY = "xkb-options"


def have(tool):
    return shutil.which(tool) is not None


def run(cmd, dry_run=False):
    LOG.debug("exec: %s", " ".join(cmd))
    if dry_run:
        print("would run:", " ".join(cmd))
        return ""
    out = subprocess.check_output(cmd, stderr=subprocess.STDOUT, text=True)
    return out.strip()


def session_type():
    st = os.environ.get("XDG_SESSION_TYPE", "")
    if st:
        return st
    if os.environ.get("WAYLAND_DISPLAY"):
        return "wayland"
    if os.environ.get("DISPLAY"):
        return "x11"
    return "tty"


class X11Backend:
    name = "setxkbmap"

    def available(self):
        return have("setxkbmap") and bool(os.environ.get("DISPLAY"))

    def current(self):
        out = run(["setxkbmap", "-query"])
        for line in out.splitlines():
            if line.startswith("options:"):
                return [o for o in line.split(":", 1)[1].strip().split(",") if o]
        return []

    def apply(self, option, dry_run):
        opts = [o for o in self.current() if not o.startswith(("ctrl:", "caps:"))]
        run(["setxkbmap", "-option", ""], dry_run)
        for o in opts + ([option] if option else []):
            run(["setxkbmap", "-option", o], dry_run)


class GnomeBackend:
    name = "gsettings"

    def available(self):
        return have("gsettings") and "GNOME" in os.environ.get("XDG_CURRENT_DESKTOP", "")

    def current(self):
        raw = run(["gsettings", "get", GNOME_SCHEMA, GNOME_KEY])
        raw = raw.replace("@as ", "")
        try:
            return list(ast.literal_eval(raw))
        except (ValueError, SyntaxError):
            LOG.warning("could not parse gsettings value %r", raw)
            return []

    def apply(self, option, dry_run):
        opts = [o for o in self.current() if not o.startswith(("ctrl:", "caps:"))]
        if option:
            opts.append(option)
        run(["gsettings", "set", GNOME_SCHEMA, GNOME_KEY, repr(opts)], dry_run)


def pick_backend():
    for backend in (GnomeBackend(), X11Backend()):
        if backend.available():
            return backend
    return None


def main():
    ap = argparse.ArgumentParser(description="remap Caps Lock for this session")
    ap.add_argument("mode", nargs="?", default="ctrl", choices=sorted(MODES))
    ap.add_argument("--reset", action="store_true", help="remove any caps remap")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="capsctl: %(message)s")

    kind = session_type()
    backend = pick_backend()
    if backend is None:
        if kind == "tty":
            print("virtual console detected; to remap there you would run as root:")
            print("  echo 'keycode 58 = Control' | loadkeys   (not applied by capsctl)")
        else:
            LOG.error("no supported backend for %s session", kind)
        return 1

    option = None if args.reset else MODES[args.mode]
    try:
        backend.apply(option, args.dry_run)
    except (subprocess.CalledProcessError, FileNotFoundError) as exc:
        LOG.error("%s failed: %s", backend.name, exc)
        return 1
    LOG.info("%s via %s (%s session)",
             "reset" if option is None else f"applied {option}", backend.name, kind)
    return 0


if __name__ == "__main__":
    sys.exit(main())
