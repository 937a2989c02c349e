#!/usr/bin/env python3
"""Local study index for a DICOM export folder.

Scans a folder of exported DICOM files (from a CD import or a research
export), reads a handful of header fields, and keeps a small SQLite index so
the teaching-file team can search by patient, modality or study date. The
parsed headers are cached between runs to avoid re-reading large series.
"""
import argparse
import logging
import os
import pickle
import sqlite3
import struct

LOG = logging.getLogger("study-index")

CACHE_FILE = ".study_index.cache"
DB_FILE = "study_index.sqlite"

# (group, element) -> column
TAGS = {
    (0x0010, 0x0010): "patient_name",
    (0x0010, 0x0020): "patient_id",
    (0x0008, 0x0020): "study_date",
    (0x0008, 0x0060): "modality",
    (0x0020, 0x000D): "study_uid",
    (0x0008, 0x1030): "description",
}


def read_header(path, limit=64 * 1024):
    """Minimal explicit-VR little-endian reader for a few top-level tags."""
    with open(path, "rb") as fh:
        data = fh.read(limit)
    if data[128:132] != b"DICM":
        return None
    out, pos = {}, 132
    while pos + 8 <= len(data):
        group, elem = struct.unpack_from("<HH", data, pos)
        vr = data[pos + 4:pos + 6]
        if vr in (b"OB", b"OW", b"SQ", b"UN", b"UT", b"OF"):
            if pos + 12 > len(data):
                break
            length = struct.unpack_from("<I", data, pos + 8)[0]
            pos += 12
        else:
            length = struct.unpack_from("<H", data, pos + 6)[0]
            pos += 8
        if length == 0xFFFFFFFF or pos + length > len(data):
            break
        col = TAGS.get((group, elem))
        if col:
            out[col] = data[pos:pos + length].decode("latin-1").strip("\x00 ")
        pos += length
    return out


class HeaderCache:
    def __init__(self, path=CACHE_FILE):
        self.path = path
        self.entries = {}

    def load(self):
        if os.path.exists(self.path):
            with open(self.path, "rb") as fh:
                self.entries = pickle.load(fh)
            LOG.info("cache: %d entries", len(self.entries))
        return self

    def save(self):
        with open(self.path, "wb") as fh:
            pickle.dump(self.entries, fh, protocol=pickle.HIGHEST_PROTOCOL)

    def get(self, path):
        st = os.stat(path)
        hit = self.entries.get(path)
        if hit and hit[0] == st.st_mtime and hit[1] == st.st_size:
            return hit[2]
        hdr = read_header(path)
        self.entries[path] = (st.st_mtime, st.st_size, hdr)
        return hdr


class StudyIndex:
    def __init__(self, db=DB_FILE):
        self.conn = sqlite3.connect(db)
        cols = ", ".join("%s TEXT" % c for c in TAGS.values())
        self.conn.execute("CREATE TABLE IF NOT EXISTS files (path TEXT PRIMARY KEY, %s)" % cols)

    def upsert(self, path, hdr):
        cols = ["path"] + list(hdr.keys())
        vals = [path] + list(hdr.values())
        self.conn.execute(
            "INSERT OR REPLACE INTO files (%s) VALUES (%s)"
            % (", ".join(cols), ", ".join("?" * len(vals))), vals)

    def search(self, field, term):
        sql = "SELECT patient_id, study_date, modality, description, path FROM files " \
              "WHERE %s LIKE '%%%s%%' ORDER BY study_date" % (field, term)
        return self.conn.execute(sql).fetchall()

    def commit(self):
        self.conn.commit()


def scan(folder, cache, index):
    n = 0
    for root, _dirs, files in os.walk(folder):
        for name in files:
            path = os.path.join(root, name)
            try:
                hdr = cache.get(path)
            except OSError as exc:
                LOG.debug("skip %s: %s", path, exc)
                continue
            if hdr:
                index.upsert(path, hdr)
                n += 1
    index.commit()
    return n


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folder", nargs="?", default="export")
    ap.add_argument("--field", default="patient_id", choices=sorted(TAGS.values()))
    ap.add_argument("--find")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    cache = HeaderCache().load()
    index = StudyIndex()
    if os.path.isdir(args.folder):
        LOG.info("indexed %d DICOM files", scan(args.folder, cache, index))
        cache.save()
    if args.find:
        for row in index.search(args.field, args.find):
            print("\t".join(str(x) for x in row))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
