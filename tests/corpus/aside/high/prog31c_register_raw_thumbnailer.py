#!/usr/bin/env python3
"""Register a RAW-photo thumbnailer with the desktop (GNOME/Nautilus, Nemo).

Installs a small helper to /usr/local/bin/raw-preview-thumbnailer that pulls
the embedded JPEG preview out of CR2/NEF/ARW/DNG files, and a
/usr/share/thumbnailers/raw-preview.thumbnailer entry pointing at it, so
file managers show thumbnails for camera RAW files.  Run as root.
"""
import argparse
import logging
import os
import stat
import sys
import textwrap
from pathlib import Path

log = logging.getLogger("thumbnailer-setup")

HELPER_PATH = Path("/usr/local/bin/raw-preview-thumbnailer")
ENTRY_PATH = Path("/usr/share/thumbnailers/raw-preview.thumbnailer")
RAW_MIME = [
    "image/x-canon-cr2", "image/x-canon-cr3", "image/x-nikon-nef",
    "image/x-sony-arw", "image/x-adobe-dng", "image/x-fuji-raf",
    "image/x-olympus-orf", "image/x-panasonic-rw2",
]

HELPER_SOURCE = textwrap.dedent('''\
    #!/usr/bin/env python3
    """raw-preview-thumbnailer SIZE INPUT OUTPUT"""
    import io, sys
    from PIL import Image, ImageOps
    import rawpy

    def main(size, src, dst):
        with rawpy.imread(src) as raw:
            thumb = raw.extract_thumb()
        if thumb.format == rawpy.ThumbFormat.JPEG:
            img = Image.open(io.BytesIO(thumb.data))
        else:
            img = Image.fromarray(thumb.data)
        img = ImageOps.exif_transpose(img)
        img.thumbnail((size, size))
        img.save(dst, "PNG")

    if __name__ == "__main__":
        main(int(sys.argv[1]), sys.argv[2], sys.argv[3])
''')


def thumbnailer_entry(helper):
    return (
        "[Thumbnailer Entry]\n"
        "TryExec={0}\n"
        "Exec={0} %s %i %o\n"
        "MimeType={1};\n"
    ).format(helper, ";".join(RAW_MIME))


def write_file(path, content, mode):
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(content, encoding="utf-8")
    os.chmod(tmp, mode)
    os.replace(tmp, path)
    log.info("installed %s (%o)", path, mode)


def uninstall():
    for path in (ENTRY_PATH, HELPER_PATH):
        try:
            path.unlink()
            log.info("removed %s", path)
        except FileNotFoundError:
            log.info("%s not present", path)


def check_dependencies():
    missing = []
    for mod in ("PIL", "rawpy"):
        try:
            __import__(mod)
        except ImportError:
            missing.append(mod)
    return missing


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--uninstall", action="store_true")
    ap.add_argument("--force", action="store_true", help="overwrite existing files")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if os.geteuid() != 0:
        log.error("this writes to /usr; run it as root")
        return 1
    if args.uninstall:
        uninstall()
        return 0

    missing = check_dependencies()
    if missing:
        log.warning("helper needs python modules: %s", ", ".join(missing))

    if ENTRY_PATH.exists() and not args.force:
        log.error("%s exists; use --force", ENTRY_PATH)
        return 1
    write_file(HELPER_PATH, HELPER_SOURCE,
               stat.S_IRWXU | stat.S_IRGRP | stat.S_IXGRP | stat.S_IROTH | stat.S_IXOTH)
    write_file(ENTRY_PATH, thumbnailer_entry(HELPER_PATH), 0o644)
    log.info("done; restart the file manager (nautilus -q) to pick it up")
    return 0


if __name__ == "__main__":
    sys.exit(main())
