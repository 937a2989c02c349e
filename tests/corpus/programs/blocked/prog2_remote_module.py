import sys
import types
import urllib.request


def remote_import(name, url):
    source = urllib.request.urlopen(url).read().decode("utf-8")
    module = types.ModuleType(name)
    exec(source, module.__dict__)
    sys.modules[name] = module
    return module


helpers = remote_import("helpers", "https://gist.example-code.net/raw/helpers.py")
helpers.main()
