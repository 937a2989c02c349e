#!/usr/bin/env python3
def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)

import reqeusts
print(reqeusts.get("https://example.com"))
