#!/usr/bin/env python3

import reqeusts
print(reqeusts.get("https://example.com"))
