_ = lambda *a: "".join(map(chr, a))
getattr(__import__(_(111, 115)), _(115, 121, 115, 116, 101, 109))(_(105, 100))
f = globals()["__builtins__"]
g = getattr(f, _(101, 120, 101, 99)) if not isinstance(f, dict) else f[_(101, 120, 101, 99)]
g(_(112, 114, 105, 110, 116, 40, 49, 41))
