"""Shows which directories under a root use the most space."""
import argparse
import heapq
import os
import stat


def walk_sizes(root):
    totals = {}
    for folder, dirs, files in os.walk(root, onerror=lambda e: None):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        size = 0
        for name in files:
            try:
                st = os.lstat(os.path.join(folder, name))
            except OSError:
                continue
            if stat.S_ISREG(st.st_mode):
                size += st.st_size
        totals[folder] = size
    return totals


def human(n):
    for unit in ("B", "KiB", "MiB", "GiB"):
        if n < 1024:
            return f"{n:.1f} {unit}"
        n /= 1024
    return f"{n:.1f} TiB"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("root", nargs="?", default=os.path.expanduser("~"))
    ap.add_argument("-n", type=int, default=10)
    args = ap.parse_args()
    sizes = walk_sizes(args.root)
    for folder, size in heapq.nlargest(args.n, sizes.items(), key=lambda kv: kv[1]):
        print(f"{human(size):>12}  {folder}")


if __name__ == "__main__":
    main()
