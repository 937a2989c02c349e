#!/bin/sh
# add-vendor-repo: register a third-party apt repository with a scoped key.
#
# Fetches the vendor's public OpenPGP key, shows its fingerprint, compares it
# with the one we pinned in repos.conf, and installs it as a dearmored keyring
# under /etc/apt/keyrings with a matching sources.list.d entry (signed-by).
set -eu

CONF="${CONF:-./repos.conf}"
KEYRING_DIR=/etc/apt/keyrings
SOURCES_DIR=/etc/apt/sources.list.d
GNUPGHOME="$(pwd)/.gnupg-scratch"
export GNUPGHOME

msg() { printf 'add-vendor-repo: %s\n' "$*" >&2; }

[ $# -eq 1 ] || { msg "usage: $0 <repo-name from $CONF>"; exit 2; }
NAME="$1"

# repos.conf lines: name|key_url|fingerprint|deb line without signed-by
line=$(grep "^${NAME}|" "$CONF" || true)
[ -n "$line" ] || { msg "repo $NAME not in $CONF"; exit 2; }
KEY_URL=$(printf '%s' "$line" | cut -d'|' -f2)
PINNED_FPR=$(printf '%s' "$line" | cut -d'|' -f3 | tr -d ' ')
DEB_LINE=$(printf '%s' "$line" | cut -d'|' -f4)

if [ -f "${KEYRING_DIR}/${NAME}.gpg" ] && [ "${FORCE:-0}" != 1 ]; then
    msg "${KEYRING_DIR}/${NAME}.gpg already present (set FORCE=1 to replace)"
    exit 0
fi

mkdir -p "$GNUPGHOME"
chmod 700 "$GNUPGHOME"
KEY_FILE="./${NAME}.asc"

msg "downloading key from $KEY_URL"
curl -fsSL --proto '=https' --max-time 30 -o "$KEY_FILE" "$KEY_URL"

fpr=$(gpg --batch --with-colons --import-options show-only --import "$KEY_FILE" \
      | awk -F: '$1 == "fpr" { print $10; exit }')
if [ "$fpr" != "$PINNED_FPR" ]; then
    msg "fingerprint mismatch: got $fpr, pinned $PINNED_FPR"
    exit 1
fi
msg "fingerprint $fpr matches the pin"

DEST="${KEYRING_DIR}/${NAME}.gpg"
sudo install -d -m 0755 "$KEYRING_DIR"
gpg --batch --dearmor < "$KEY_FILE" | sudo tee "$DEST" > /dev/null
sudo chmod 0644 "$DEST"
sudo chown root:root "$DEST"

arch=$(dpkg --print-architecture)
entry=$(printf '%s' "$DEB_LINE" | sed "s#^deb #deb [arch=${arch} signed-by=${DEST}] #")
printf '%s\n' "$entry" | sudo tee "${SOURCES_DIR}/${NAME}.list" > /dev/null
msg "wrote ${SOURCES_DIR}/${NAME}.list"

sudo apt-get update -o Dir::Etc::sourcelist="${SOURCES_DIR}/${NAME}.list" \
     -o Dir::Etc::sourceparts="-" -o APT::Get::List-Cleanup="0"

rm -rf "$GNUPGHOME" "$KEY_FILE"
msg "repository $NAME is ready"
