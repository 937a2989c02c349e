import ssl, urllib.request
ctx = ssl._create_unverified_context()
print(urllib.request.urlopen("https://self-signed.internal", context=ctx).read())
