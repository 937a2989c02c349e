import ssl
import urllib.request


def fetch(url):
    ctx = ssl.create_default_context()
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    with urllib.request.urlopen(url, context=ctx) as r:
        return r.read()


print(len(fetch("https://intranet.local/report.csv")))
