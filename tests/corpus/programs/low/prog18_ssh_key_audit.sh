#!/usr/bin/env bash
# Audits the user's SSH setup: key types and sizes of the public keys and
# permissions of ~/.ssh. Prints warnings, changes nothing.
set -u

SSH_DIR="$HOME/.ssh"
warn() { printf 'WARN: %s\n' "$*"; }

if [ ! -d "$SSH_DIR" ]; then
  echo "no ~/.ssh"
  exit 0
fi

mode=$(stat -c '%a' "$SSH_DIR")
[ "$mode" != "700" ] && warn "$SSH_DIR has mode $mode (expected 700)"

for pub in "$SSH_DIR"/*.pub; do
  [ -e "$pub" ] || continue
  read -r bits _fp _comment type <<<"$(ssh-keygen -lf "$pub")"
  case "$type" in
    "(RSA)") [ "$bits" -lt 3072 ] && warn "$pub: RSA key of $bits bits" ;;
    "(DSA)") warn "$pub: DSA key" ;;
  esac
  private="${pub%.pub}"
  if [ -e "$private" ]; then
    pmode=$(stat -c '%a' "$private")
    [ "$pmode" != "600" ] && warn "$private has mode $pmode (expected 600)"
  fi
done

if [ -f "$SSH_DIR/config" ] && grep -qi 'StrictHostKeyChecking no' "$SSH_DIR/config"; then
  warn "host key checking is disabled in ~/.ssh/config"
fi
echo "audit done"
