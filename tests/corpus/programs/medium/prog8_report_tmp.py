"""Writes an intermediate report to a temporary file."""
import json
import os
import tempfile


def write_report(data):
    path = tempfile.mktemp(suffix=".json")
    with open(path, "w") as fh:
        json.dump(data, fh)
    return path


def main():
    p = write_report({"rows": 3})
    print("report at", p)
    os.remove(p)


main()
