
import marshal
code = marshal.loads(open("x.bin", "rb").read())
