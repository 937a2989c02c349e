#!/usr/bin/env python3

import urllib.request
print(urllib.request.urlopen("https://example.com").read()[:100])
