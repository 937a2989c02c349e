import tempfile, os, subprocess
with tempfile.TemporaryDirectory() as d:
    path = os.path.join(d, "input.txt")
    with open(path, "w") as f:
        f.write("hello")
    print(open(path).read())
