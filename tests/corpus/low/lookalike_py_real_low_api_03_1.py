#!/usr/bin/env python3

import urllib.request

URL = "https://example.com/datasets/iris.csv"
urllib.request.urlretrieve(URL, "iris.csv")
print(open("iris.csv").read()[:200])

