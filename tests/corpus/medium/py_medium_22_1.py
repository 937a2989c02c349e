#!/usr/bin/env python3

import yaml
print(yaml.load(open("c.yaml"), Loader=yaml.Loader))
def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]
