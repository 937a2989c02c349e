#!/usr/bin/env python3
def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]

import importlib
name = input()
mod = importlib.import_module(name)
