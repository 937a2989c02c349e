#!/usr/bin/env bash
# repo_secret_scan.sh - pre-commit helper that looks for credentials that were
# accidentally committed to the current repository. Matches are masked before
# they are printed, and the report is written to ./.secret-scan/report.txt
# (mode 0600). Nothing leaves this machine.
set -euo pipefail

REPORT_DIR=".secret-scan"
REPORT="${REPORT_DIR}/report.txt"
MAX_SIZE_KB="${SCAN_MAX_SIZE_KB:-512}"
VERBOSE=0

# name|extended regex
PATTERNS=(
  "aws-access-key|AKIA[0-9A-Z]{16}"
  "github-token|gh[pousr]_[A-Za-z0-9]{36,}"
  "slack-token|xox[baprs]-[A-Za-z0-9-]{10,}"
  "private-key-block|-----BEGIN (RSA |EC |OPENSSH )?PRIVATE KEY-----"
  "generic-password|(password|passwd|pwd)[[:space:]]*[:=][[:space:]]*['\"][^'\"]{6,}"
)

usage() {
  echo "usage: $0 [-v] [subdir-of-repo]" >&2
  exit 2
}

log() { [ "$VERBOSE" -eq 1 ] && echo "[scan] $*" >&2 || true; }

mask() {
  # keep the first 4 characters, replace the rest with asterisks
  sed -E 's/([A-Za-z0-9_\-]{4})[A-Za-z0-9_\/+=\-]{4,}/\1********/g'
}

while getopts "vh" opt; do
  case "$opt" in
    v) VERBOSE=1 ;;
    *) usage ;;
  esac
done
shift $((OPTIND - 1))

TARGET="${1:-.}"
ROOT="$(pwd -P)"
ABS_TARGET="$(cd "$TARGET" && pwd -P)"
case "$ABS_TARGET" in
  "$ROOT"|"$ROOT"/*) ;;
  *) echo "refusing to scan outside the working directory: $ABS_TARGET" >&2; exit 2 ;;
esac

mkdir -p "$REPORT_DIR"
: > "$REPORT"
chmod 600 "$REPORT"

total=0
while IFS= read -r -d '' file; do
  log "checking $file"
  for entry in "${PATTERNS[@]}"; do
    name="${entry%%|*}"
    regex="${entry#*|}"
    while IFS= read -r hit; do
      [ -z "$hit" ] && continue
      lineno="${hit%%:*}"
      text="$(printf '%s' "${hit#*:}" | mask | cut -c1-120)"
      printf '%s:%s\t%s\t%s\n' "$file" "$lineno" "$name" "$text" >> "$REPORT"
      total=$((total + 1))
    done < <(grep -nEI -- "$regex" "$file" 2>/dev/null || true)
  done
done < <(find "$ABS_TARGET" -type f -size "-${MAX_SIZE_KB}k" \
           -not -path '*/.git/*' -not -path "*/${REPORT_DIR}/*" \
           -not -path '*/node_modules/*' -print0)

if [ "$total" -gt 0 ]; then
  echo "found $total possible secret(s); details in $REPORT"
  column -t -s $'\t' "$REPORT" | head -n 20
  exit 1
fi
echo "no secrets found under $ABS_TARGET"
