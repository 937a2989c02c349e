import io, zipfile, requests
r = requests.get("https://example.com/assets.zip", timeout=30)
with zipfile.ZipFile(io.BytesIO(r.content)) as z:
    for name in z.namelist():
        if name.endswith(".png"):
            z.extract(name, "assets")
