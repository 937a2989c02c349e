#!/usr/bin/env bash
# pass-to-kdbx: move entries from a local `pass` store into a KeePassXC
# database. Everything stays on this machine; entries are staged in a
# scratch file so they can be reviewed before import.
#
# usage: pass-to-kdbx.sh DATABASE.kdbx [SUBFOLDER]
set -eu

DB="${1:?usage: $0 DATABASE.kdbx [SUBFOLDER]}"
SUBFOLDER="${2:-}"
STORE="${PASSWORD_STORE_DIR:-$HOME/.password-store}"
STAGE="/tmp/pass-to-kdbx.stage"
LOG="./pass-to-kdbx.log"
GROUP="Imported"

log() { printf '%s %s\n' "$(date +%T)" "$*" | tee -a "$LOG" >&2; }

need() {
  command -v "$1" >/dev/null 2>&1 || { echo "missing dependency: $1" >&2; exit 127; }
}

need pass
need keepassxc-cli
[ -f "$DB" ] || { echo "database $DB not found" >&2; exit 2; }
[ -d "$STORE/$SUBFOLDER" ] || { echo "no pass folder $STORE/$SUBFOLDER" >&2; exit 2; }

printf 'KeePassXC master password: ' >&2
stty -echo; IFS= read -r KDBX_PW; stty echo; echo >&2

list_entries() {
  (cd "$STORE" && find "./$SUBFOLDER" -type f -name '*.gpg' | sed -e 's#^\./##' -e 's#\.gpg$##' | sort)
}

: > "$STAGE"
count=0
for entry in $(list_entries); do
  secret=$(pass show "$entry" 2>/dev/null) || { log "cannot decrypt $entry, skipped"; continue; }
  password=$(printf '%s\n' "$secret" | head -n1)
  username=$(printf '%s\n' "$secret" | sed -n 's/^\(login\|user\|username\): *//p' | head -n1)
  url=$(printf '%s\n' "$secret" | sed -n 's/^url: *//p' | head -n1)
  printf '%s\t%s\t%s\t%s\n' "$entry" "$username" "$url" "$password" >> "$STAGE"
  count=$((count + 1))
done
log "staged $count entries in $STAGE"

printf 'Review %s and press Enter to import (Ctrl-C aborts)... ' "$STAGE" >&2
read -r _

printf '%s\n' "$KDBX_PW" | keepassxc-cli mkdir -q "$DB" "$GROUP" 2>/dev/null || true

imported=0
while IFS="$(printf '\t')" read -r entry username url password; do
  target="$GROUP/$entry"
  parent=$(dirname "$target")
  printf '%s\n' "$KDBX_PW" | keepassxc-cli mkdir -q "$DB" "$parent" 2>/dev/null || true
  if printf '%s\n%s\n' "$KDBX_PW" "$password" |
       keepassxc-cli add -q "$DB" "$target" -u "$username" --url "$url" -p; then
    imported=$((imported + 1))
  else
    log "failed to add $target"
  fi
done < "$STAGE"

log "imported $imported of $count entries into $DB"
rm -f "$STAGE"
unset KDBX_PW
