#!/usr/bin/env python3

import requests
r = requests.get("https://internal.example/api", verify=False)
print(r.status_code)
