import tempfile
name = tempfile.mktemp()
with open(name, "w") as f:
    f.write("x")
