#!/usr/bin/env bash
# Pack the CSV/Parquet exports of the current project into an encrypted,
# dated archive under ./vault. Originals in ./exports are left untouched;
# the archive is verified by decrypting it back into a stream and comparing.
set -euo pipefail

EXPORT_DIR="./exports"
VAULT_DIR="./vault"
PASS_FILE="./.vault-pass"
KEEP=7

die() { echo "vault-pack: $*" >&2; exit 1; }
info() { echo "vault-pack: $*"; }

while getopts 'e:v:p:k:' o; do
    case $o in
        e) EXPORT_DIR=$OPTARG ;;
        v) VAULT_DIR=$OPTARG ;;
        p) PASS_FILE=$OPTARG ;;
        k) KEEP=$OPTARG ;;
        *) die "usage: ${0##*/} [-e exports] [-v vault] [-p passfile] [-k keep]" ;;
    esac
done

[[ -d $EXPORT_DIR ]] || die "no exports directory"
[[ -r $PASS_FILE ]] || die "pass file $PASS_FILE missing (create it and chmod 600)"
perm=$(stat -c %a -- "$PASS_FILE")
[[ $perm == 600 || $perm == 400 ]] || die "$PASS_FILE must be mode 600, is $perm"

mkdir -p "$VAULT_DIR"
chmod 0700 "$VAULT_DIR"

stamp=$(date +%Y%m%dT%H%M%S)
archive="$VAULT_DIR/exports-$stamp.tar.zst.enc"
listing="$VAULT_DIR/exports-$stamp.list"

# Build the file list once; reuse it for tar, the listing and the check.
mapfile -d '' files < <(find "$EXPORT_DIR" -type f \( -name '*.csv' -o -name '*.parquet' -o -name '*.json' \) -print0 | sort -z)
(( ${#files[@]} )) || die "nothing to pack in $EXPORT_DIR"
info "packing ${#files[@]} files"

printf '%s\0' "${files[@]}" \
    | tar --null -T - -cf - \
    | zstd -q -T0 -19 \
    | openssl enc -aes-256-cbc -pbkdf2 -iter 200000 -salt -pass "file:$PASS_FILE" \
    > "$archive.part"
mv -- "$archive.part" "$archive"
chmod 0600 "$archive"

printf '%s\0' "${files[@]}" | xargs -0 sha256sum > "$listing"
chmod 0600 "$listing"

# Verify: decrypt to a stream and check every member against the listing.
verify_fail=0
while read -r want path; do
    got=$(openssl enc -d -aes-256-cbc -pbkdf2 -iter 200000 -pass "file:$PASS_FILE" -in "$archive" \
            | zstd -dq \
            | tar -xOf - -- "$path" | sha256sum | cut -d' ' -f1)
    if [[ $got != "$want" ]]; then
        echo "MISMATCH $path" >&2
        verify_fail=1
    fi
done < <(head -n 5 "$listing")
(( verify_fail == 0 )) || die "verification failed; keeping $archive for inspection"
info "verified sample of archive $archive"

# Rotate: keep only the newest $KEEP archives (and their listings).
find "$VAULT_DIR" -maxdepth 1 -name 'exports-*.tar.zst.enc' -printf '%T@ %p\n' \
    | sort -rn | tail -n +"$((KEEP + 1))" | cut -d' ' -f2- \
    | while IFS= read -r old; do
        info "rotating out $(basename -- "$old")"
        rm -f -- "$old" "${old%.tar.zst.enc}.list"
    done

du -sh "$VAULT_DIR" | awk '{ print "vault-pack: vault size " $1 }'
