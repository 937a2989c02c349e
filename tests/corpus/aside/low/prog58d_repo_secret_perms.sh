#!/usr/bin/env bash
# Tighten permissions on credential-looking files inside the current
# repository checkout and make sure git ignores them.  Works only on the
# working directory; nothing is uploaded or printed in clear.
set -euo pipefail

PROG=${0##*/}
ROOT=${1:-.}
DRY_RUN=${DRY_RUN:-0}
GITIGNORE="$ROOT/.gitignore"

PATTERNS=(
  ".env" ".env.*" "*.pem" "*.key" "*.p12" "*.pfx"
  "credentials.json" "service-account*.json" ".netrc" "id_*"
)

log()  { printf '%s: %s\n' "$PROG" "$*"; }
warn() { printf '%s: warning: %s\n' "$PROG" "$*" >&2; }

usage() {
  cat <<USAGE
usage: $PROG [repo-dir]
  DRY_RUN=1 $PROG   show what would change
USAGE
}

[[ "${1:-}" == "-h" || "${1:-}" == "--help" ]] && { usage; exit 0; }
[[ -d "$ROOT" ]] || { warn "no such directory: $ROOT"; exit 1; }

build_find_expr() {
  local first=1
  for pat in "${PATTERNS[@]}"; do
    if (( first )); then first=0; else printf '%s\0' "-o"; fi
    printf '%s\0%s\0' "-name" "$pat"
  done
}

mapfile -d '' EXPR < <(build_find_expr)

fixed=0
checked=0
while IFS= read -r -d '' file; do
  checked=$((checked + 1))
  mode=$(stat -c '%a' "$file")
  if [[ "$mode" != "600" && "$mode" != "400" ]]; then
    if [[ "$DRY_RUN" == 1 ]]; then
      log "would chmod 600 $file (currently $mode)"
    else
      chmod 600 "$file"
      log "chmod 600 $file (was $mode)"
    fi
    fixed=$((fixed + 1))
  fi
done < <(find "$ROOT" -path "$ROOT/.git" -prune -o -type f \( "${EXPR[@]}" \) -print0)

touch "$GITIGNORE"
added=0
for pat in "${PATTERNS[@]}"; do
  if ! grep -qxF -- "$pat" "$GITIGNORE"; then
    if [[ "$DRY_RUN" == 1 ]]; then
      log "would add '$pat' to .gitignore"
    else
      printf '%s\n' "$pat" >> "$GITIGNORE"
    fi
    added=$((added + 1))
  fi
done

log "checked $checked file(s), tightened $fixed, .gitignore entries added: $added"
if (( fixed > 0 )); then
  warn "files that were group/world readable may already have been copied; consider rotating them"
fi
