#!/usr/bin/env python3
"""Generate the static assets for the status page.

The app icon is embedded as base64 so the generator is a single file with no
binary assets in the repository. Output goes to ./site/.
"""
import base64
import html
import os
import struct
import sys

ICON_PNG_B64 = (
    "iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAAN0lEQVR42mNgoAWQ63j6HxumSDNR"
    "hhDSjNcQYjVjNYRUzRiGjBpABQMojkaqJCSqJGWqZCZSAQDZ3YwoFPILMQAAAABJRU5ErkJggg=="
)

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def icon_bytes():
    return base64.b64decode("".join(ICON_PNG_B64))


def png_size(data):
    if not data.startswith(PNG_SIGNATURE):
        raise ValueError("embedded icon is not a PNG")
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def data_uri(data, mime="image/png"):
    return "data:%s;base64,%s" % (mime, base64.b64encode(data).decode("ascii"))


def render_index(title, services):
    rows = "\n".join(
        "<tr><td>%s</td><td class='%s'>%s</td></tr>"
        % (html.escape(name), "up" if ok else "down", "up" if ok else "down")
        for name, ok in services
    )
    return (
        "<!doctype html><html><head><meta charset='utf-8'>"
        "<link rel='icon' href='favicon.png'>"
        "<title>%s</title></head><body>"
        "<h1><img src='%s' alt=''> %s</h1><table>%s</table></body></html>"
    ) % (html.escape(title), data_uri(icon_bytes()), html.escape(title), rows)


def write_site(out_dir, title, services):
    os.makedirs(out_dir, exist_ok=True)
    data = icon_bytes()
    with open(os.path.join(out_dir, "favicon.png"), "wb") as fh:
        fh.write(data)
    with open(os.path.join(out_dir, "index.html"), "w", encoding="utf-8") as fh:
        fh.write(render_index(title, services))
    return png_size(data)


def main(argv):
    out_dir = argv[1] if len(argv) > 1 else "site"
    services = [("api", True), ("worker", True), ("billing", False)]
    width, height = write_site(out_dir, "Service status", services)
    print("wrote %s/index.html and a %dx%d favicon" % (out_dir, width, height))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
