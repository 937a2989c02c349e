#!/usr/bin/env python3
def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)

import yaml
print(yaml.load(open("c.yaml"), Loader=yaml.Loader))
